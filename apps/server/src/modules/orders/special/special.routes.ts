import {
  SPECIAL_ORDER_PATHS,
  arriveAtStoreListBodySchema,
  arriveAtStorePageSchema,
  expressInfoSchema,
  keepLevelCheckSchema,
  orderActionResultSchema,
  prescriptionSchema,
  specialOrderBodySchema,
  storeCancelBodySchema,
  teaTreeListBodySchema,
  teaTreePageSchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { createFulfilmentRepository } from '../fulfilment/fulfilment.repository.js';
import { createFulfilmentService, type Actor } from '../fulfilment/fulfilment.service.js';
import { hasOrderPermission, requireOrderPermission, type OrderPermission } from '../order-permission.js';
import { createSpecialOrderService } from './special-orders.service.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * The special-order calls of spec 7.6 (docs/domain/orders.md "Special orders"), all scoped to the caller's
 * store. The sweep that reminds a taker of an order still not shipped is a job (special.jobs.ts).
 */
export function specialOrderRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const stores = createStoreRepository(db);
  const orders = createFulfilmentRepository(db);
  const fulfilment = createFulfilmentService({ db, clock, orders, areas: areaCatalogue });
  const service = createSpecialOrderService({ db, clock, orders, fulfilment });

  const scoped = (...permissions: OrderPermission[]) => ({
    preValidation: app.authenticate,
    preHandler: [storeScope(stores, 'storeCode'), ...permissions.map((p) => requireOrderPermission(p))],
  });
  const actorOf = (request: FastifyRequest): Actor => {
    const { user, roles } = callerOf(request);
    return { storeId: scopedStoreOf(request).id, userId: user.id, nickName: user.nickName, roles };
  };

  app.post(
    SPECIAL_ORDER_PATHS.arriveAtStoreList,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: 'Pickup orders waiting for the customer at the counter, longest waiting first',
        security: SIGNED_IN,
        body: arriveAtStoreListBodySchema,
        response: replies(arriveAtStorePageSchema),
      },
    },
    async (request) =>
      ok(
        await service.arriveAtStoreList(
          actorOf(request),
          request.body,
          hasOrderPermission(request, 'order:writeOff'),
        ),
      ),
  );

  app.post(
    SPECIAL_ORDER_PATHS.expressInfo,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary:
          'Courier and tracking number of an order of the store, and of its shipped cycle-plan periods',
        security: SIGNED_IN,
        body: specialOrderBodySchema,
        response: replies(expressInfoSchema),
      },
    },
    async (request) => ok(await service.expressInfo(actorOf(request), request.body.performanceOrderNo)),
  );

  app.post(
    SPECIAL_ORDER_PATHS.teaTreeAdoptionList,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary:
          'Tea-tree adoption orders of the store (item name or SKU label contains 茶树认养), newest first',
        security: SIGNED_IN,
        body: teaTreeListBodySchema,
        response: replies(teaTreePageSchema),
      },
    },
    async (request) => ok(await service.teaTreeAdoptionList(actorOf(request), request.body)),
  );

  app.post(
    SPECIAL_ORDER_PATHS.cancelPerformanceOrder,
    {
      ...scoped('order:cancel'),
      schema: {
        tags: TAGS,
        summary:
          'Cancel a uEnjoy order waiting to ship, with a reason (the rules of the received-order cancel)',
        security: SIGNED_IN,
        body: storeCancelBodySchema,
        response: replies(orderActionResultSchema),
      },
    },
    async (request) => ok(await service.cancelPerformanceOrder(actorOf(request), request.body)),
  );

  app.post(
    SPECIAL_ORDER_PATHS.keepLevelCheck,
    {
      ...scoped('order:cancel'),
      schema: {
        tags: TAGS,
        summary: "Whether cancelling a uEnjoy order would drop the member's level",
        security: SIGNED_IN,
        body: specialOrderBodySchema,
        response: replies(keepLevelCheckSchema),
      },
    },
    async (request) => ok(await service.keepLevelCheck(actorOf(request), request.body.performanceOrderNo)),
  );

  app.post(
    SPECIAL_ORDER_PATHS.downloadPrescription,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: "Download an order's prescription (a data URL); the download is logged",
        security: SIGNED_IN,
        body: specialOrderBodySchema,
        response: replies(prescriptionSchema),
      },
    },
    async (request) =>
      ok(await service.downloadPrescription(actorOf(request), request.body.performanceOrderNo)),
  );
}
