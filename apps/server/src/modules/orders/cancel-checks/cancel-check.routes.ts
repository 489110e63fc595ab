import {
  CANCEL_CHECK_PATHS,
  addCancelCheckBodySchema,
  cancelCheckAuthQuerySchema,
  cancelCheckAuthSchema,
  cancelCheckDetailBodySchema,
  cancelCheckDetailSchema,
  cancelCheckPageBodySchema,
  cancelCheckPageSchema,
  setCancelCheckStateBodySchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { hasOrderPermission, requireOrderPermission, type OrderPermission } from '../order-permission.js';
import { createCancelCheckService, type CheckActor } from './cancel-check.service.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * Cancel-check help (spec 7.6, docs/domain/orders.md "Cancel-check help"): every call is scoped to the caller's
 * store; asking needs `cancelCheck:add`, deciding `cancelCheck:setState` (head office).
 */
export function cancelCheckRoutes(
  app: AppInstance,
  { db, clock }: AppDeps,
  wiring: { producer: MessageProducer },
): void {
  const stores = createStoreRepository(db);
  const service = createCancelCheckService({ db, clock, producer: wiring.producer });
  const signedIn = { preValidation: app.authenticate };
  const scopedWith = (...permissions: OrderPermission[]) => ({
    ...signedIn,
    preHandler: [storeScope(stores, 'storeCode'), ...permissions.map((p) => requireOrderPermission(p))],
  });
  const actorOf = (request: FastifyRequest): CheckActor => {
    const { user } = callerOf(request);
    return {
      storeId: scopedStoreOf(request).id,
      userId: user.id,
      nickName: user.nickName,
      canDecide: hasOrderPermission(request, 'cancelCheck:setState'),
    };
  };

  app.get(
    CANCEL_CHECK_PATHS.queryShopAuth,
    {
      ...scopedWith(),
      schema: {
        tags: TAGS,
        summary: 'Whether the caller may ask for (canAdd) and decide (canDecide) cancel checks in this store',
        security: SIGNED_IN,
        querystring: cancelCheckAuthQuerySchema,
        response: replies(cancelCheckAuthSchema),
      },
    },
    async (request) =>
      ok({
        canAdd: hasOrderPermission(request, 'cancelCheck:add'),
        canDecide: hasOrderPermission(request, 'cancelCheck:setState'),
      }),
  );

  app.post(
    CANCEL_CHECK_PATHS.pageQuery,
    {
      ...scopedWith(),
      schema: {
        tags: TAGS,
        summary: "The store's cancel checks, newest first (state, keyword, date range)",
        security: SIGNED_IN,
        body: cancelCheckPageBodySchema,
        response: replies(cancelCheckPageSchema),
      },
    },
    async (request) => ok(await service.page(scopedStoreOf(request).id, request.body)),
  );

  app.post(
    CANCEL_CHECK_PATHS.add,
    {
      ...scopedWith('cancelCheck:add'),
      schema: {
        tags: TAGS,
        summary:
          'Ask head office to check the cancellation of a wait-ship or shipped order (one pending each)',
        security: SIGNED_IN,
        body: addCancelCheckBodySchema,
        response: replies(cancelCheckDetailSchema),
      },
    },
    async (request) => ok(await service.add(actorOf(request), request.body)),
  );

  app.post(
    CANCEL_CHECK_PATHS.detail,
    {
      ...scopedWith(),
      schema: {
        tags: TAGS,
        summary: 'One cancel check of the store with its order summary',
        security: SIGNED_IN,
        body: cancelCheckDetailBodySchema,
        response: replies(cancelCheckDetailSchema),
      },
    },
    async (request) => ok(await service.detail(actorOf(request), request.body.id)),
  );

  app.post(
    CANCEL_CHECK_PATHS.setState,
    {
      ...scopedWith('cancelCheck:setState'),
      schema: {
        tags: TAGS,
        summary:
          'Decide a pending check: approved cancels the order as the customer asked, rejected keeps it',
        security: SIGNED_IN,
        body: setCancelCheckStateBodySchema,
        response: replies(cancelCheckDetailSchema),
      },
    },
    async (request) => ok(await service.setState(actorOf(request), request.body)),
  );
}
