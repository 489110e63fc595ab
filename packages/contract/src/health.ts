import { z } from 'zod';
import { endpoint, noInput } from './common/endpoint.js';

export const HEALTH_PATHS = { health: '/api/health' } as const;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The build this instance serves (APP_VERSION / APP_COMMIT); 版本发布 lists it per instance. */
  version: z.string(),
  commit: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: HEALTH_PATHS.health,
    request: noInput,
    response: healthSchema,
    summary: 'Liveness and database reachability',
  }),
};
