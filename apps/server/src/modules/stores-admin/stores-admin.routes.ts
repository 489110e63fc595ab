import { STORE_ADMIN_PERMISSIONS as P, storeAdminEndpoints as api, type Endpoint } from '@console/contract';
import type { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route, type RouteResult } from '../../http/route.js';
import { adminActorOf, type AdminActor } from '../audit/admin-actor.js';
import type { createStoresAdminService } from './stores-admin.service.js';

const tags = ['stores-admin'];
const READ = access.headOffice(ANY_STAFF);

/** 门店管理 and 门店分组: head office reads; each change needs its button and is audited by the service. */
export function storesAdminRoutes(
  app: AppInstance,
  service: ReturnType<typeof createStoresAdminService>,
): void {
  const change = <E extends Endpoint>(
    endpoint: E,
    permission: string,
    run: (actor: AdminActor, input: z.output<E['request']>) => Promise<RouteResult<E>>,
    description?: string,
  ) =>
    route(app, endpoint, access.headOffice(permission), (ctx) => run(adminActorOf(ctx), ctx.input), {
      tags,
      description,
    });

  // Head office sees and changes only the stores of its data scope (docs/domain/roles.md "Data scope").
  route(app, api.page, READ, ({ caller, input }) => service.page(caller(), input), { tags });
  route(app, api.conditionQuery, READ, ({ caller, input }) => service.options(caller(), input), { tags });
  route(app, api.groupInfo, READ, ({ caller, input }) => service.groupInfo({ ...input, caller: caller() }), {
    tags,
  });
  route(
    app,
    api.myGroupInfo,
    access.signedIn(),
    ({ caller }) => service.groupInfo({ status: 'open', userId: caller().user.id }),
    { tags },
  );
  route(app, api.shopCode, access.headOffice(P.add), () => service.shopCode(), { tags });
  route(app, api.openWork, READ, ({ caller, input }) => service.openWork(caller(), input.id), { tags });
  route(app, api.groupPage, READ, ({ caller, input }) => service.groupPage(caller(), input), { tags });

  change(api.add, P.add, service.add);
  change(api.edit, P.edit, service.edit);
  change(
    api.editStatus,
    P.status,
    service.setStatus,
    'A GET as spec 7.6 names it; it changes state, so it needs the shop:status button and is audited.',
  );
  change(api.groupCreate, P.groupAdd, service.groupCreate);
  change(api.groupUpdate, P.groupEdit, service.groupUpdate);
  change(api.groupDelete, P.groupDelete, (actor, input) => service.groupDelete(actor, input.id));
}
