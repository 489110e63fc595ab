import { z } from 'zod';
import { endpoint, noInput } from './common/endpoint.js';

export const HEALTH_PATHS = {
  health: '/api/health',
  live: '/api/health/live',
  ready: '/api/health/ready',
} as const;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** The build this instance serves (APP_VERSION / APP_COMMIT); 版本发布 lists it per instance. */
  version: z.string(),
  commit: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

export const livenessSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({ status: z.literal('ready') });

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: HEALTH_PATHS.health,
    request: noInput,
    response: healthSchema,
    summary: 'Liveness and database reachability',
  }),
  /** The process answers; touches nothing else (an orchestrator restarts the instance when it stops). */
  live: endpoint({
    method: 'GET',
    path: HEALTH_PATHS.live,
    request: noInput,
    response: livenessSchema,
    summary: 'Liveness: the process answers (no database)',
  }),
  /** 503 while the database is unreachable, its migrations are behind this build, or the instance is closing. */
  ready: endpoint({
    method: 'GET',
    path: HEALTH_PATHS.ready,
    request: noInput,
    response: readinessSchema,
    summary: 'Readiness: database reachable, migrations applied, not shutting down',
  }),
};

/**
 * Maintenance mode (docs/adr/0005-maintenance-mode.md): while a backup is restored over the live database every
 * API call but these answers 503 `MAINTENANCE`; the /repair page and the restoring administrator poll this.
 */
export const MAINTENANCE_PATH = '/api/maintenance';
export const MAINTENANCE_ERROR_CODE = 'MAINTENANCE';
export const MAINTENANCE_MESSAGE = '系统维护中，请稍后再试';
export const maintenanceSchema = z.object({
  active: z.boolean(),
  /** What is going on: restoring a backup over the live database (the only maintenance so far). */
  reason: z.enum(['restore']).nullable(),
  backupName: z.string().nullable(),
  startedAt: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceSchema>;
export const maintenanceEndpoints = {
  status: endpoint({
    method: 'GET',
    path: MAINTENANCE_PATH,
    request: noInput,
    response: maintenanceSchema,
    summary: '维护状态：恢复备份期间为 active（公开，不读数据库）',
  }),
};
