import { authEndpoints, roleEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createRoleAdminRepository } from './role-admin.repository.js';
import { createRoleAdminService } from './role-admin.service.js';
import { createDataScopes } from './data-scope.js';
import { createGrantableRoles } from './grantable-roles.js';
import { listCloudRoles } from './role.repository.js';

const tags = ['roles'];

export function roleRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  route(app, authEndpoints.cloudRoles, access.signedIn(), () => listCloudRoles(db), { tags });

  // Role management (角色管理): head office reads roles; a change needs the page's button (the built-in roles
  // give those to admin only), and the service checks that nobody grants what they do not hold.
  const dataScopes = createDataScopes(db, app.authCache);
  const service = createRoleAdminService({
    repo: createRoleAdminRepository(db),
    audit: createAuditLog(db, clock),
    authCache: app.authCache,
    grantableRoles: createGrantableRoles(db, dataScopes),
    dataScopes,
  });
  route(app, api.list, access.headOffice(ANY_STAFF), ({ caller, input }) => service.list(caller(), input), {
    tags,
  });
  route(app, api.menuTree, access.headOffice(ANY_STAFF), ({ caller }) => service.menuTree(caller()), {
    tags,
  });
  route(
    app,
    api.shopGroups,
    access.headOffice(ANY_STAFF),
    ({ caller, input }) => service.shopGroupOptions(caller(), input),
    { tags },
  );
  route(
    app,
    api.create,
    access.headOffice('roles:add'),
    ({ caller, input, request }) => service.create(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.edit,
    access.headOffice('roles:edit'),
    ({ caller, input, params, request }) => service.edit(caller(), params.id, input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.remove,
    access.headOffice('roles:del'),
    ({ caller, params, request }) => service.remove(caller(), params.id, clientOf(request)),
    { tags },
  );
}
