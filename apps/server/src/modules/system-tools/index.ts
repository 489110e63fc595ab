import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { systemToolsRoutes } from './system-tools.routes.js';

/** 系统工具: logs, online users, scheduled jobs (docs/domain/system-tools.md). */
export function systemToolsModule(app: AppInstance, deps: AppDeps, wiring: { jobs: JobRunner }): void {
  const service = systemToolsRoutes(app, deps, wiring.jobs);
  wiring.jobs.register({
    name: 'system.log-retention',
    description: '日志清理：按数据字典「日志保留天数」删除过期日志',
    schedule: { cron: '0 40 3 * * *' },
    scope: 'cluster',
    run: async () => {
      await service.pruneLogs();
    },
  });
}
