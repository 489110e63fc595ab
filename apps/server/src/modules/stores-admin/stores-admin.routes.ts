import { STORE_ADMIN_PERMISSIONS as P, storeAdminEndpoints as api } from '@console/contract';
import type { AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route } from '../../http/route.js';
import { adminActorOf as actor } from '../audit/admin-actor.js';
import type { createStoresAdminService } from './stores-admin.service.js';

const tags = ['stores-admin'];
const READ = access.headOffice(ANY_STAFF);

/** 门店管理 and 门店分组: head office reads; each change needs its button. */
export function storesAdminRoutes(
  app: AppInstance,
  service: ReturnType<typeof createStoresAdminService>,
): void {
  route(app, api.page, READ, ({ input }) => service.page(input), { tags });
  route(app, api.conditionQuery, READ, ({ input }) => service.options(input), { tags });
  route(app, api.groupInfo, READ, ({ input }) => service.groupInfo(input), { tags });
  route(
    app,
    api.myGroupInfo,
    access.signedIn(),
    ({ caller }) => service.groupInfo({ status: 'open', userId: caller().user.id }),
    { tags },
  );
  route(app, api.shopCode, access.headOffice(P.add), () => service.shopCode(), { tags });
  route(app, api.add, access.headOffice(P.add), (ctx) => service.add(actor(ctx), ctx.input), { tags });
  route(app, api.edit, access.headOffice(P.edit), (ctx) => service.edit(actor(ctx), ctx.input), { tags });
  route(app, api.openWork, READ, ({ input }) => service.openWork(input.id), { tags });
  route(app, api.editStatus, access.headOffice(P.status), (ctx) => service.setStatus(actor(ctx), ctx.input), {
    tags,
    description:
      'A GET as spec 7.6 names it; it changes state, so it needs the shop:status button and is audited.',
  });
  route(app, api.groupPage, READ, ({ input }) => service.groupPage(input), { tags });
  route(
    app,
    api.groupCreate,
    access.headOffice(P.groupAdd),
    (ctx) => service.groupCreate(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.groupUpdate,
    access.headOffice(P.groupEdit),
    (ctx) => service.groupUpdate(actor(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.groupDelete,
    access.headOffice(P.groupDelete),
    (ctx) => service.groupDelete(actor(ctx), ctx.input.id),
    { tags },
  );
}
