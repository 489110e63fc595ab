import {
  ORDER_PATHS,
  grabResultSchema,
  offerDetailSchema,
  offerListBodySchema,
  offerPageSchema,
  planActionBodySchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import type { DashboardSources } from '../../dashboard/dashboard-sources.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { orderIntegrationRoutes } from '../integration/integration.routes.js';
import { createOrderIntake } from '../integration/order-intake.js';
import { hasOrderPermission, requireOrderPermission } from '../order-permission.js';
import { createPlanActions, type Taker } from './plan-actions.js';
import { createPlanQueries } from './plan-queries.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * Offers and grabbing (docs/domain/orders.md "Offers and grabbing"), the upstream integration endpoints and the
 * dashboard's 待抢订单 counter. The expiry sweep and the demo order traffic are jobs (plans.jobs.ts).
 */
export function orderPlanRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; dashboardSources: DashboardSources },
): void {
  const { db, clock } = deps;
  const { producer, dashboardSources } = wiring;
  const stores = createStoreRepository(db);
  const queries = createPlanQueries(db);
  const actions = createPlanActions({ db, clock, producer });
  const intake = createOrderIntake({ db, clock, producer });

  orderIntegrationRoutes(app, deps, intake);
  dashboardSources.register('ordersToGrab', 'orders', (ctx) => queries.grabbableCount(ctx.storeId, clock()));

  const scoped = (...permissions: Parameters<typeof requireOrderPermission>[0][]) => ({
    preValidation: app.authenticate,
    preHandler: [storeScope(stores, 'storeCode'), ...permissions.map((p) => requireOrderPermission(p))],
  });
  const takerOf = (request: FastifyRequest): Taker => {
    const { user } = callerOf(request);
    return { storeId: scopedStoreOf(request).id, user: { id: user.id, nickName: user.nickName } };
  };

  app.post(
    ORDER_PATHS.offers,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: 'Offers the store can grab now (抢单), nearest first, with the seconds left',
        security: SIGNED_IN,
        body: offerListBodySchema,
        response: replies(offerPageSchema),
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.body;
      return ok(await queries.offers(scopedStoreOf(request).id, { pageNum, pageSize }, clock()));
    },
  );

  app.post(
    ORDER_PATHS.untaken,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: 'Offers nobody took in time (未接订单), still open to the candidate stores',
        security: SIGNED_IN,
        body: offerListBodySchema,
        response: replies(offerPageSchema),
      },
    },
    async (request) => {
      const storeId = scopedStoreOf(request).id;
      // Lazily, so the log shows `expired` even between sweeps.
      await actions.expireDue({ storeId });
      const { pageNum, pageSize } = request.body;
      return ok(await queries.untaken(storeId, { pageNum, pageSize }, clock()));
    },
  );

  app.post(
    ORDER_PATHS.offerDetail,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: 'One plan order as a candidate store sees it (robOrderDetail); 404 for other stores',
        security: SIGNED_IN,
        body: planActionBodySchema,
        response: replies(offerDetailSchema),
      },
    },
    async (request) =>
      ok(
        await queries.detail(scopedStoreOf(request).id, request.body.performancePlanOrderNo, clock(), {
          rob: hasOrderPermission(request, 'order:rob'),
          take: hasOrderPermission(request, 'order:take'),
        }),
      ),
  );

  app.post(
    ORDER_PATHS.grab,
    {
      ...scoped('order:rob'),
      schema: {
        tags: TAGS,
        summary: 'Grab an offered plan order (order:rob): exactly one store wins, the others get 409',
        security: SIGNED_IN,
        body: planActionBodySchema,
        response: replies(grabResultSchema),
      },
    },
    async (request) => ok(await actions.grab(takerOf(request), request.body.performancePlanOrderNo)),
  );

  app.post(
    ORDER_PATHS.takeUntaken,
    {
      ...scoped('order:take'),
      schema: {
        tags: TAGS,
        summary: 'Take an untaken (expired) plan order (order:take); 409 while it is still offered',
        security: SIGNED_IN,
        body: planActionBodySchema,
        response: replies(grabResultSchema),
      },
    },
    async (request) => ok(await actions.takeUntaken(takerOf(request), request.body.performancePlanOrderNo)),
  );
}
