import { specialOrderEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import { createFulfilmentRepository } from '../fulfilment/fulfilment.repository.js';
import { createFulfilmentService, type Actor } from '../fulfilment/fulfilment.service.js';
import { createSpecialOrderService } from './special.service.js';

const tags = ['orders'];

function actorOf({ caller, store }: Pick<RouteContext<typeof api.expressInfo>, 'caller' | 'store'>): Actor {
  const { user, roles } = caller();
  return { storeId: store().id, userId: user.id, nickName: user.nickName, roles };
}

/**
 * The special-order calls of spec 7.6 (docs/domain/orders.md "Special orders"), all scoped to the caller's
 * store. The reminder to a taker of an order still not shipped (order and customer 7) is a job (special.jobs.ts).
 */
export function specialOrderRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const orders = createFulfilmentRepository(db);
  const fulfilment = createFulfilmentService({ db, clock, orders, areas: areaCatalogue });
  const service = createSpecialOrderService({ db, clock, orders, fulfilment });

  route(
    app,
    api.arriveAtStoreList,
    access.store(ANY_STAFF),
    (ctx) =>
      service.arriveAtStoreList(actorOf(ctx), ctx.input, ctx.caller().roles.includes('order:writeOff')),
    { tags },
  );
  route(
    app,
    api.expressInfo,
    access.store(ANY_STAFF),
    (ctx) => service.expressInfo(actorOf(ctx), ctx.input.performanceOrderNo),
    { tags },
  );
  route(
    app,
    api.teaTreeAdoptionList,
    access.store(ANY_STAFF),
    (ctx) => service.teaTreeAdoptionList(actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.cancelPerformanceOrder,
    access.store('order:cancel'),
    (ctx) => service.cancelPerformanceOrder(actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.keepLevelCheck,
    access.store('order:cancel'),
    (ctx) => service.keepLevelCheck(actorOf(ctx), ctx.input.performanceOrderNo),
    { tags },
  );
  route(
    app,
    api.downloadPrescription,
    access.store(ANY_STAFF),
    (ctx) => service.downloadPrescription(actorOf(ctx), ctx.input.performanceOrderNo),
    { tags },
  );
}
