import { USER_ADMIN_PERMISSIONS as P, userAdminEndpoints as api } from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import type { createUsersAdminService } from './users-admin.service.js';

const tags = ['users-admin'];

/** 用户管理: head office only; reads need no button, each change its own. */
export function usersAdminRoutes(
  app: AppInstance,
  service: ReturnType<typeof createUsersAdminService>,
): void {
  route(app, api.page, access.headOffice(ANY_STAFF), ({ caller, input }) => service.list(caller(), input), {
    tags,
  });
  route(
    app,
    api.detail,
    access.headOffice(ANY_STAFF),
    ({ caller, input, request }) => service.detail(caller(), input.id, clientOf(request)),
    { tags },
  );
  route(app, api.formOptions, access.headOffice(ANY_STAFF), ({ caller }) => service.formOptions(caller()), {
    tags,
  });
  route(
    app,
    api.storeOptions,
    access.headOffice(ANY_STAFF),
    ({ caller, input }) => service.storeOptions(caller(), input.keyword),
    { tags },
  );
  route(
    app,
    api.create,
    access.headOffice(P.add),
    ({ caller, input, request }) => service.create(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.update,
    access.headOffice(P.edit),
    ({ caller, input, request }) => service.update(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.setEnabled,
    access.headOffice(P.enable),
    ({ caller, input, request }) => service.setEnabled(caller(), input, clientOf(request)),
    { tags },
  );
  route(
    app,
    api.resetPassword,
    access.headOffice(P.resetPassword),
    ({ caller, input, request }) => service.resetPassword(caller(), input.id, clientOf(request)),
    { tags },
  );
}
