import type { AppDeps, AppInstance } from '../../app-types.js';
import { couponRoutes } from './coupons.routes.js';
import { schemeRoutes } from './schemes.routes.js';

/** Coupons and issue schemes (docs/domain/coupons.md). */
export function couponsModule(app: AppInstance, deps: AppDeps): void {
  couponRoutes(app, deps);
  schemeRoutes(app, deps);
}
