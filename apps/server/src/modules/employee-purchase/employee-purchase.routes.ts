import { EMPLOYEE_PURCHASE_PERMISSIONS as P, employeePurchaseEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../http/route.js';
import {
  createEmployeePurchaseService,
  type EmployeePurchaseService,
  type PurchaseActor,
} from './employee-purchase.service.js';

const tags = ['employee-purchase'];

function actorOf({
  caller,
  store,
  request,
}: Pick<RouteContext<typeof api.draft>, 'caller' | 'store' | 'request'>): PurchaseActor {
  const { user, roles } = caller();
  return {
    storeId: store().id,
    user: { id: user.id, nickName: user.nickName },
    permissions: roles,
    client: clientOf(request),
  };
}

/** 员工内购 (spec 7.6 "Employee purchase", docs/domain/employee-purchase.md): every call scoped to the caller's store. */
export function employeePurchaseRoutes(app: AppInstance, deps: AppDeps): EmployeePurchaseService {
  const service = createEmployeePurchaseService({ db: deps.db, clock: deps.clock });
  const staff = access.store(ANY_STAFF);

  route(app, api.querySku, staff, (ctx) => service.querySku(ctx.store().id, ctx.input.keyword), { tags });
  route(app, api.queryCombinationSku, staff, () => service.combinations(), { tags });
  route(app, api.safeStock, staff, (ctx) => service.safeStock(ctx.store().id, ctx.input.skuId), { tags });
  route(app, api.queryEpc, staff, (ctx) => service.queryEpc(ctx.store().id, ctx.input.epc), { tags });
  route(app, api.draft, staff, (ctx) => service.draft(actorOf(ctx)), { tags });
  route(app, api.orderList, staff, (ctx) => service.orderList(actorOf(ctx), ctx.input), { tags });
  route(app, api.verifyEpcList, staff, (ctx) => service.orderDetail(actorOf(ctx), ctx.input.orderNo), {
    tags,
  });

  const buyer = access.store(P.add);
  route(app, api.checkSku, buyer, (ctx) => service.checkSku(actorOf(ctx), ctx.input), { tags });
  route(app, api.deleteDraftEpc, buyer, (ctx) => service.deleteDraftEpc(actorOf(ctx), ctx.input.epc), {
    tags,
  });
  route(app, api.deleteDraft, buyer, (ctx) => service.deleteDraft(actorOf(ctx)), { tags });
  route(app, api.add, buyer, (ctx) => service.add(actorOf(ctx)), { tags });

  const verifier = access.store(P.verify);
  route(app, api.verifySkuQuery, verifier, (ctx) => service.verifySkuQuery(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.verify, verifier, (ctx) => service.verify(actorOf(ctx), ctx.input), { tags });

  const canceller = access.store(P.cancel);
  route(app, api.cancelCheckSku, canceller, (ctx) => service.cancelCheckSku(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.cancelOrder, canceller, (ctx) => service.cancelOrder(actorOf(ctx), ctx.input), { tags });
  return service;
}
