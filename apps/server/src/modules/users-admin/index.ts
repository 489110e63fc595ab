import type { AppDeps, AppInstance } from '../../app-types.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createDataScopes } from '../roles/data-scope.js';
import { createGrantableRoles } from '../roles/grantable-roles.js';
import { createUsersAdminRepository } from './users-admin.repository.js';
import { usersAdminRoutes } from './users-admin.routes.js';
import { createUsersAdminService } from './users-admin.service.js';

/** 用户管理 (docs/domain/users-admin.md): head office's users, roles, stores, enable/disable, password reset. */
export function usersAdminModule(app: AppInstance, { db, clock }: AppDeps): void {
  const dataScopes = createDataScopes(db, app.authCache);
  const service = createUsersAdminService({
    repo: createUsersAdminRepository(db),
    grantableRoles: createGrantableRoles(db, dataScopes),
    dataScopes,
    audit: createAuditLog(db, clock),
    clock,
    authCache: app.authCache,
  });
  usersAdminRoutes(app, service);
}
