import type { AppDeps, AppInstance } from '../../app-types.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createDataScopes } from '../roles/data-scope.js';
import { areaCatalogue } from '../stores/area-tree.js';
import { createStoresAdminRepository } from './stores-admin.repository.js';
import { storesAdminRoutes } from './stores-admin.routes.js';
import { createStoresAdminService } from './stores-admin.service.js';

/** 门店管理 and 门店分组 (docs/domain/stores-admin.md): head office opens, edits, closes stores and groups them. */
export function storesAdminModule(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createStoresAdminService({
    db,
    repo: createStoresAdminRepository(db),
    areas: areaCatalogue,
    audit: createAuditLog(db, clock),
    clock,
    authCache: app.authCache,
    dataScopes: createDataScopes(db, app.authCache),
  });
  storesAdminRoutes(app, service);
}
