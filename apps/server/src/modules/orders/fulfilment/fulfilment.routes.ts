import { fulfilmentEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import type { DashboardSources } from '../../dashboard/dashboard-sources.js';
import { areaCatalogue, type AreaCatalogue } from '../../stores/area-tree.js';
import { createDeliveryLookups } from './delivery-lookups.js';
import { createFulfilmentRepository } from './fulfilment.repository.js';
import { createFulfilmentService, type Actor } from './fulfilment.service.js';

const tags = ['orders'];

/** Who acts on a store-scoped call: the caller in the store the guard authorised. */
function actorOf({ caller, store }: Pick<RouteContext<typeof api.received>, 'caller' | 'store'>): Actor {
  const { user, roles } = caller();
  return { storeId: store().id, userId: user.id, nickName: user.nickName, roles };
}

/**
 * The store's received orders (docs/domain/orders.md "Received orders"): list, detail, log and the actions on
 * a taken order, plus the delivery lookups (areas, couriers). Everything but the lookups is scoped to the
 * caller's store; an order of another store answers 404.
 */
export function fulfilmentRoutes(
  app: AppInstance,
  { db, clock }: AppDeps,
  wiring: { dashboardSources: DashboardSources; areas?: AreaCatalogue },
): void {
  const orders = createFulfilmentRepository(db);
  const areas = wiring.areas ?? areaCatalogue;
  const service = createFulfilmentService({ db, clock, orders, areas });
  const lookups = createDeliveryLookups({ db, areas });

  wiring.dashboardSources.register('ordersToShip', 'orders', (ctx) => orders.countWaitingToShip(ctx.storeId));

  const description =
    '`total` is exact up to 10,000 matching orders; beyond that it is 10,000 and `totalExact` is false ' +
    '(a bounded count, never a full count of a large store).';
  route(app, api.received, access.store(ANY_STAFF), (ctx) => service.list(actorOf(ctx), ctx.input), {
    tags,
    description,
  });
  route(app, api.detail, access.store(ANY_STAFF), (ctx) => service.detail(actorOf(ctx), ctx.input), { tags });
  route(
    app,
    api.logList,
    access.store(ANY_STAFF),
    (ctx) => service.logList(actorOf(ctx), ctx.input.omsOrderNo),
    {
      tags,
    },
  );
  route(app, api.invoiceDetail, access.store(ANY_STAFF), (ctx) =>
    service.invoiceDetail(actorOf(ctx), ctx.input.performanceOrderNo),
  );

  route(app, api.deliver, access.store('order:ship'), (ctx) => service.deliver(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.modifyAddress, access.store('order:modifyAddress'), (ctx) =>
    service.modifyAddress(actorOf(ctx), ctx.input),
  );
  route(app, api.modifyCyclePlan, access.store('order:modifyCyclePlan'), (ctx) =>
    service.modifyCyclePlan(actorOf(ctx), ctx.input),
  );
  route(app, api.cancel, access.store('order:cancel'), (ctx) => service.cancel(actorOf(ctx), ctx.input), {
    tags,
  });
  route(app, api.finishInvoice, access.store('order:invoice'), (ctx) =>
    service.finishInvoice(actorOf(ctx), ctx.input),
  );
  route(
    app,
    api.writeOff,
    access.store('order:writeOff'),
    (ctx) => service.writeOff(actorOf(ctx), ctx.input),
    {
      tags,
    },
  );

  route(app, api.cnArea, access.signedIn(), (ctx) => lookups.areaChildren(ctx.input.parentCode ?? ''), {
    tags,
  });
  route(app, api.deliveryCompany, access.signedIn(), (ctx) => lookups.couriers(ctx.input.comNum ?? ''), {
    tags,
  });
}
