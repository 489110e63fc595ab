import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { backupRoutes } from './backups.routes.js';

/** 数据备份 (docs/domain/system-tools.md "数据备份"): the routes and the nightly backup on the job runner. */
export function backupsModule(app: AppInstance, deps: AppDeps, wiring: { jobs: JobRunner }): void {
  const service = backupRoutes(app, deps);
  wiring.jobs.register({
    name: 'system.backup',
    description: '数据备份：每天凌晨备份数据库，保留最近14份',
    schedule: { cron: '0 30 2 * * *' },
    scope: 'cluster',
    run: () => service.scheduled(),
  });
}
