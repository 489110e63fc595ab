import type { AppDeps, AppInstance } from '../../app-types.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import type { AppMetrics } from '../../platform/metrics/app-metrics.js';
import { createExportJobRepository } from './export-jobs.repository.js';
import type { ExportRunner } from './export-runner.js';
import { registerExportJobs } from './exports.jobs.js';
import { exportRoutes } from './exports.routes.js';

/** Excel exports as background jobs (docs/domain/orders.md "Exports"): routes and the in-process runner. */
export function exportsModule(
  app: AppInstance,
  deps: AppDeps,
  wiring: { jobs: JobRunner; metrics: AppMetrics },
): ExportRunner {
  const runner = exportRoutes(app, deps, { staleAfterMs: deps.config.exportStaleAfterMs });
  registerExportJobs(wiring.jobs, runner);
  const queue = createExportJobRepository(deps.db);
  wiring.metrics.exportQueue(() => queue.queueDepth());
  return runner;
}
