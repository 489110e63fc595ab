import { menuAdminEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createMenuAdminRepository } from './menu-admin.repository.js';
import { createMenuAdminService } from './menu-admin.service.js';

const tags = ['menus'];

/** 菜单管理: head office reads the tree; its buttons (`menu:add`, `menu:edit`, `menu:del`, admin's) change it. */
export function menuAdminRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const service = createMenuAdminService({
    db,
    repo: createMenuAdminRepository(db),
    audit: createAuditLog(db, clock),
    authCache: app.authCache,
  });
  route(app, api.tree, access.headOffice(ANY_STAFF), () => service.tree(), { tags });
  route(app, api.create, access.headOffice('menu:add'), (ctx) => service.create(actor(ctx), ctx.input), {
    tags,
  });
  route(app, api.update, access.headOffice('menu:edit'), (ctx) => service.update(actor(ctx), ctx.input), {
    tags,
  });
  route(app, api.delete, access.headOffice('menu:del'), (ctx) => service.delete(actor(ctx), ctx.input.id), {
    tags,
  });
}
