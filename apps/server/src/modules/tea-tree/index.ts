import type { AppDeps, AppInstance } from '../../app-types.js';
import { teaTreeRoutes } from './tea-tree.routes.js';

/** 茶树认养 (docs/domain/tea-tree.md): the five calls of spec 7.6 and the member's confirmation code. */
export function teaTreeModule(app: AppInstance, deps: AppDeps): void {
  teaTreeRoutes(app, deps);
}
