import type { AppDeps, AppInstance } from '../../app-types.js';
import { processQueryTimings } from '../../db/query-timing.js';
import type { Redis } from 'ioredis';
import type { RedisGuard } from '../../platform/redis-guard.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { monitorsRoutes } from './monitors.routes.js';
import { createMonitorsService, HEARTBEAT_MS } from './monitors.service.js';

/**
 * 系统监控 (服务监控, SQL监控, Redis监控, 数据库监控) and 版本发布 (docs/domain/system-tools.md). Answers the latest
 * published release as this instance knows it, which the web app writes into index.html.
 */
export function monitorsModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { jobs: JobRunner; redisGuard: RedisGuard<Redis> | null },
): { currentRelease: () => number | null } {
  const service = createMonitorsService({
    db: deps.db,
    dbKind: deps.dbKind,
    clock: deps.clock,
    redis: wiring.redisGuard,
    timings: processQueryTimings,
    build: deps.config.build,
  });
  monitorsRoutes(app, service);
  wiring.jobs.register({
    name: 'monitor.instance-heartbeat',
    description: '实例心跳：记录本实例的版本与运行指标（服务监控），并读取最新发布的版本',
    schedule: { everyMs: HEARTBEAT_MS },
    scope: 'instance',
    run: () => service.heartbeat(),
  });
  // Record this instance and learn the latest release before the first request: an index.html sent without the
  // release mark would make the consoles it loads see the mark of the next one as a new release.
  app.addHook('onReady', async () => {
    await service
      .heartbeat()
      .catch((error: unknown) => app.log.warn({ err: error }, 'first heartbeat failed'));
  });
  app.addHook('onClose', async () => service.stop());
  return { currentRelease: service.currentRelease };
}
