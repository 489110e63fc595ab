import { specialOrderEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import { createFulfilmentRepository } from '../fulfilment/fulfilment.repository.js';
import { createFulfilmentService, type Actor } from '../fulfilment/fulfilment.service.js';
import { createShipReminder } from './ship-reminder.js';
import { createSpecialOrderService } from './special-orders.service.js';

const tags = ['orders'];
const REMINDER_SWEEP_MS = 60_000;

function actorOf({ caller, store }: Pick<RouteContext<typeof api.expressInfo>, 'caller' | 'store'>): Actor {
  const { user, roles } = caller();
  return { storeId: store().id, userId: user.id, nickName: user.nickName, roles };
}

/**
 * The special-order calls of spec 7.6 (docs/domain/orders.md "Special orders"), all scoped to the caller's
 * store, and the sweep that reminds a taker of an order still not shipped (order and customer 7).
 */
export function specialOrderRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer },
): void {
  const { db, clock } = deps;
  const orders = createFulfilmentRepository(db);
  const fulfilment = createFulfilmentService({ db, clock, orders, areas: areaCatalogue });
  const service = createSpecialOrderService({ db, clock, orders, fulfilment });
  const reminder = createShipReminder({ db, clock, producer: wiring.producer });

  const sweep = setInterval(() => {
    reminder
      .remindDue()
      .catch((error: unknown) => app.log.warn({ err: error }, 'ship reminder sweep failed'));
  }, REMINDER_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

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
