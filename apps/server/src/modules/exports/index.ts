import type { AppDeps, AppInstance } from '../../app-types.js';
import type { ExportRunner } from './export-runner.js';
import { exportRoutes } from './exports.routes.js';

/** Excel exports as background jobs (docs/domain/orders.md "Exports"): routes and the in-process runner. */
export function exportsModule(app: AppInstance, deps: AppDeps): ExportRunner {
  return exportRoutes(app, deps);
}
