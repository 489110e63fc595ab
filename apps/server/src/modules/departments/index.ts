import type { AppDeps, AppInstance } from '../../app-types.js';
import { departmentRoutes } from './departments.routes.js';

/** The department tree (docs/domain/dicts-departments.md). */
export function departmentsModule(app: AppInstance, deps: AppDeps): void {
  departmentRoutes(app, deps);
}
