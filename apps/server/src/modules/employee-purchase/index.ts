import type { AppDeps, AppInstance } from '../../app-types.js';
import { employeePurchaseRoutes } from './employee-purchase.routes.js';

/** 员工内购 (docs/domain/employee-purchase.md): the thirteen calls of spec 7.6, the safe stock and pick-up. */
export function employeePurchaseModule(app: AppInstance, deps: AppDeps): void {
  employeePurchaseRoutes(app, deps);
}
