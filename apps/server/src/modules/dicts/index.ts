import type { AppDeps, AppInstance } from '../../app-types.js';
import { dictRoutes } from './dicts.routes.js';

/** Data dictionaries (docs/domain/dicts-departments.md). */
export function dictsModule(app: AppInstance, deps: AppDeps): void {
  dictRoutes(app, deps);
}
