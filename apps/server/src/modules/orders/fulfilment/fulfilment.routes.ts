import {
  ORDER_PATHS,
  storeCancelBodySchema,
  cnAreaBodySchema,
  cnAreaSchema,
  deliverBodySchema,
  deliveryCompanyQuerySchema,
  deliveryCompanySchema,
  finishInvoiceBodySchema,
  invoiceDetailQuerySchema,
  invoiceDetailSchema,
  modifyAddressBodySchema,
  modifyCyclePlanBodySchema,
  orderActionResultSchema,
  orderDetailQuerySchema,
  orderDetailSchema,
  orderLogQuerySchema,
  orderLogRowSchema,
  receivedListBodySchema,
  receivedPageSchema,
  writeOffBodySchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import type { DashboardSources } from '../../dashboard/dashboard-sources.js';
import { areaCatalogue, type AreaCatalogue } from '../../stores/area-tree.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { createDeliveryLookups } from './delivery-lookups.js';
import { createFulfilmentRepository } from './fulfilment.repository.js';
import { createFulfilmentService, type Actor } from './fulfilment.service.js';
import { requireOrderPermission, type OrderPermission } from '../order-permission.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

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
  const stores = createStoreRepository(db);
  const orders = createFulfilmentRepository(db);
  const areas = wiring.areas ?? areaCatalogue;
  const service = createFulfilmentService({ db, clock, orders, areas });
  const lookups = createDeliveryLookups({ db, areas });

  wiring.dashboardSources.register('ordersToShip', 'orders', (ctx) => orders.countWaitingToShip(ctx.storeId));

  const signedIn = { preValidation: app.authenticate };
  const scoped = { ...signedIn, preHandler: [storeScope(stores, 'storeCode')] };
  const scopedWith = (permission: OrderPermission) => ({
    ...signedIn,
    preHandler: [storeScope(stores, 'storeCode'), requireOrderPermission(permission)],
  });
  const actorOf = (request: FastifyRequest): Actor => {
    const { user, roles } = callerOf(request);
    return { storeId: scopedStoreOf(request).id, userId: user.id, nickName: user.nickName, roles };
  };

  app.post(
    ORDER_PATHS.received,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: 'Received orders of the store, newest first; keyset-paged by `cursor` (or pageNum)',
        description:
          '`total` is exact up to 10,000 matching orders; beyond that it is 10,000 and `totalExact` is false ' +
          '(a bounded count, never a full count of a large store).',
        security: SIGNED_IN,
        body: receivedListBodySchema,
        response: replies(receivedPageSchema),
      },
    },
    async (request) => ok(await service.list(actorOf(request), request.body)),
  );

  app.get(
    ORDER_PATHS.detail,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: 'A received order by performanceOrderNo, omsOrderNo or performancePlanOrderNo',
        security: SIGNED_IN,
        querystring: orderDetailQuerySchema,
        response: replies(orderDetailSchema),
      },
    },
    async (request) => ok(await service.detail(actorOf(request), request.query)),
  );

  app.get(
    ORDER_PATHS.logList,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: 'The log of an order the store took, oldest first',
        security: SIGNED_IN,
        querystring: orderLogQuerySchema,
        response: replies(z.array(orderLogRowSchema)),
      },
    },
    async (request) => ok(await service.logList(actorOf(request), request.query.omsOrderNo)),
  );

  const action = <B extends z.ZodType>(
    path: string,
    permission: OrderPermission,
    summary: string,
    body: B,
    run: (actor: Actor, body: z.output<B>) => Promise<z.infer<typeof orderActionResultSchema>>,
  ) =>
    app.post(
      path,
      {
        ...scopedWith(permission),
        schema: {
          tags: TAGS,
          summary,
          security: SIGNED_IN,
          body,
          response: replies(orderActionResultSchema),
        },
      },
      async (request) => ok(await run(actorOf(request), request.body as z.output<B>)),
    );

  action(
    ORDER_PATHS.deliver,
    'order:ship',
    'Ship: express with courier and tracking number, or store delivery with the deliverer',
    deliverBodySchema,
    service.deliver,
  );
  action(
    ORDER_PATHS.modifyAddress,
    'order:modifyAddress',
    'Change the delivery address while waiting to ship',
    modifyAddressBodySchema,
    service.modifyAddress,
  );
  action(
    ORDER_PATHS.modifyCyclePlan,
    'order:modifyCyclePlan',
    'Move pending deliveries of a uEnjoy cycle plan',
    modifyCyclePlanBodySchema,
    service.modifyCyclePlan,
  );
  action(
    ORDER_PATHS.cancel,
    'order:cancel',
    'Cancel an order waiting to ship, with a reason',
    storeCancelBodySchema,
    service.cancel,
  );
  action(
    ORDER_PATHS.finishInvoice,
    'order:invoice',
    'Record the issued invoice of a shipped or completed order',
    finishInvoiceBodySchema,
    service.finishInvoice,
  );
  action(
    ORDER_PATHS.writeOff,
    'order:writeOff',
    'Complete a pickup order with the 6-digit code the customer shows',
    writeOffBodySchema,
    service.writeOff,
  );

  app.get(
    ORDER_PATHS.invoiceDetail,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: 'The invoice the customer asked for and its state',
        security: SIGNED_IN,
        querystring: invoiceDetailQuerySchema,
        response: replies(invoiceDetailSchema),
      },
    },
    async (request) => ok(await service.invoiceDetail(actorOf(request), request.query.performanceOrderNo)),
  );

  app.post(
    ORDER_PATHS.cnArea,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Provinces, or the cities / counties under parentCode',
        security: SIGNED_IN,
        body: cnAreaBodySchema,
        response: replies(z.array(cnAreaSchema)),
      },
    },
    async (request) => ok(lookups.areaChildren(request.body.parentCode ?? '')),
  );

  app.get(
    ORDER_PATHS.deliveryCompany,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Couriers: the one of comNum, or all when comNum is empty',
        security: SIGNED_IN,
        querystring: deliveryCompanyQuerySchema,
        response: replies(z.array(deliveryCompanySchema)),
      },
    },
    async (request) => ok(await lookups.couriers(request.query.comNum ?? '')),
  );
}
