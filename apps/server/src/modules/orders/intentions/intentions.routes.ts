import {
  INTENTION_PATHS,
  followIntentionBodySchema,
  intentionDetailQuerySchema,
  intentionDetailSchema,
  intentionListBodySchema,
  intentionPageSchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { hasOrderPermission, requireOrderPermission } from '../order-permission.js';
import { createIntentionService, type IntentionActor } from './intentions.service.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * Customer intentions (客户意向) of the caller's store, docs/domain/orders.md "Customer intentions". The
 * platform pushes them (`/api/integration/intentions`); the store lists, reads and follows them up here.
 */
export function intentionRoutes(app: AppInstance, { db, clock }: AppDeps): void {
  const stores = createStoreRepository(db);
  const service = createIntentionService({ db, clock });
  const signedIn = { preValidation: app.authenticate };
  const scoped = { ...signedIn, preHandler: [storeScope(stores, 'storeCode')] };
  const actorOf = (request: FastifyRequest): IntentionActor => {
    const { user } = callerOf(request);
    return {
      storeId: scopedStoreOf(request).id,
      userId: user.id,
      nickName: user.nickName,
      canFollow: hasOrderPermission(request, 'customerIntention:follow'),
    };
  };

  app.post(
    INTENTION_PATHS.list,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: "The store's customer intentions, newest first (status, keyword, pushed-date range)",
        security: SIGNED_IN,
        body: intentionListBodySchema,
        response: replies(intentionPageSchema),
      },
    },
    async (request) => ok(await service.list(scopedStoreOf(request).id, request.body)),
  );

  app.get(
    INTENTION_PATHS.detail,
    {
      ...scoped,
      schema: {
        tags: TAGS,
        summary: 'One intention of the store with its follow-ups (CustomerIntentionDetail)',
        security: SIGNED_IN,
        querystring: intentionDetailQuerySchema,
        response: replies(intentionDetailSchema),
      },
    },
    async (request) => ok(await service.detail(actorOf(request), request.query.omsConsultantsNo)),
  );

  app.post(
    INTENTION_PATHS.follow,
    {
      ...signedIn,
      preHandler: [storeScope(stores, 'storeCode'), requireOrderPermission('customerIntention:follow')],
      schema: {
        tags: TAGS,
        summary: 'Follow an intention up: a note and/or new status (new → following, or closed with a note)',
        security: SIGNED_IN,
        body: followIntentionBodySchema,
        response: replies(intentionDetailSchema),
      },
    },
    async (request) => ok(await service.follow(actorOf(request), request.body)),
  );
}
