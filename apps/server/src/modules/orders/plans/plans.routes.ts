import { planEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import type { DashboardSources } from '../../dashboard/dashboard-sources.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createPlansService, type Taker } from './plans.service.js';

const tags = ['orders'];

/** Who takes an offer: the caller in the store the guard authorised. */
function takerOf({ caller, store }: Pick<RouteContext<typeof api.grab>, 'caller' | 'store'>): Taker {
  const { user } = caller();
  return { storeId: store().id, user: { id: user.id, nickName: user.nickName, workCode: user.workCode } };
}

/**
 * Offers and grabbing (docs/domain/orders.md "Offers and grabbing") and the dashboard's 待抢订单 counter. The
 * upstream push that creates offers is the integration module's; the expiry sweep is a job (plans.jobs.ts).
 */
export function orderPlanRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; dashboardSources: DashboardSources },
): void {
  const { db, clock } = deps;
  const { producer, dashboardSources } = wiring;
  const service = createPlansService({ db, clock, producer });

  dashboardSources.register('ordersToGrab', 'orders', (ctx) => service.grabbableCount(ctx.storeId));

  route(app, api.offers, access.store(ANY_STAFF), ({ input, store }) => service.offers(store().id, input), {
    tags,
  });
  route(app, api.untaken, access.store(ANY_STAFF), ({ input, store }) => service.untaken(store().id, input), {
    tags,
  });
  route(
    app,
    api.offerDetail,
    access.store(ANY_STAFF),
    ({ input, store, caller }) => {
      const { roles } = caller();
      return service.detail(store().id, input.performancePlanOrderNo, {
        rob: roles.includes('order:rob'),
        take: roles.includes('order:take'),
      });
    },
    { tags },
  );
  route(
    app,
    api.grab,
    access.store('order:rob'),
    (ctx) => service.grab(takerOf(ctx), ctx.input.performancePlanOrderNo),
    { tags },
  );
  route(
    app,
    api.takeUntaken,
    access.store('order:take'),
    (ctx) => service.takeUntaken(takerOf(ctx), ctx.input.performancePlanOrderNo),
    { tags },
  );
}
