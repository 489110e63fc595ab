import { AUTH_PATHS, cloudRoleSchema } from '@console/contract';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { listCloudRoles } from './role.repository.js';

export function roleRoutes(app: AppInstance, { db }: AppDeps): void {
  app.get(
    AUTH_PATHS.cloudRoles,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['roles'],
        summary: 'Roles of the cloud platform',
        security: [{ bearer: [] }],
        response: replies(z.array(cloudRoleSchema)),
      },
    },
    async () => ok(await listCloudRoles(db)),
  );
}
