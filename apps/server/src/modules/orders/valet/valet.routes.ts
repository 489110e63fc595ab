import {
  VALET_PATHS,
  changePlanBodySchema,
  cyclePlanProposalSchema,
  integralCreateBodySchema,
  personalTrialBodySchema,
  trialBodySchema,
  trialIdQuerySchema,
  trialResultSchema,
  uenjoyCreateBodySchema,
  valetActionBodySchema,
  valetActionResultSchema,
  valetCancelBodySchema,
  valetListBodySchema,
  valetOrderDetailSchema,
  valetOrderPageSchema,
  type ValetKind,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { callerOf } from '../../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { createOrderIntake } from '../integration/order-intake.js';
import { createMemberLookups } from '../lookups/member-lookups.js';
import { createShopLookups } from '../lookups/shop-lookups.js';
import { hasValetPermission, requireValetPermission, type ValetPermission } from './valet-permission.js';
import { createValetQueries } from './valet-queries.js';
import { createValetService, type ValetActor } from './valet.service.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * Valet orders for the points mall and uEnjoy (docs/domain/orders.md "Valet orders"): price trials, creation,
 * list, detail, confirmation into an offered upstream order, cancellation. Store-scoped by `storeCode`.
 */
export function valetOrderRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer },
): void {
  const { db, clock, config } = deps;
  const { producer } = wiring;
  const stores = createStoreRepository(db);
  const shops = createShopLookups({ db });
  const memberLookups = createMemberLookups({ db, clock, areas: areaCatalogue });
  const intake = createOrderIntake({ db, clock, producer });
  const service = createValetService({
    db,
    clock,
    producer,
    intake,
    memberLookups,
    trialSecret: config.serviceToken,
  });
  const queries = createValetQueries(db);

  const scoped = (permission?: ValetPermission) => ({
    preValidation: app.authenticate,
    preHandler: [
      storeScope(stores, 'storeCode'),
      ...(permission ? [requireValetPermission(permission)] : []),
    ],
  });
  const actorOf = async (request: FastifyRequest): Promise<ValetActor> => {
    const store = await shops.shop(scopedStoreOf(request).id);
    const { user } = callerOf(request);
    return { store, user: { id: user.id, nickName: user.nickName } };
  };
  const doc = (summary: string) => ({ tags: TAGS, summary, security: SIGNED_IN });

  app.post(
    VALET_PATHS.integralCreate,
    {
      ...scoped('valetOrder:create'),
      schema: {
        ...doc(
          'Points-mall valet order (pending_confirm); the member must have the points (422 会员积分不足)',
        ),
        body: integralCreateBodySchema,
        response: replies(valetActionResultSchema),
      },
    },
    async (request) => ok(await service.createIntegral(await actorOf(request), request.body)),
  );

  const trialRoute = (path: string, mode: 'standard' | 'express', summary: string) =>
    app.post(
      path,
      {
        ...scoped(),
        schema: { ...doc(summary), body: trialBodySchema, response: replies(trialResultSchema) },
      },
      async (request) => ok(await service.trial(await actorOf(request), mode, request.body)),
    );
  trialRoute(
    VALET_PATHS.trialChange,
    'standard',
    'uEnjoy price trial: goods, freight, member-level discount',
  );
  trialRoute(VALET_PATHS.trialExpress, 'express', 'uEnjoy price trial for courier delivery');
  app.post(
    VALET_PATHS.trialPersonalization,
    {
      ...scoped(),
      schema: {
        ...doc('uEnjoy price trial with a discount the store grants (at most 10% of the goods)'),
        body: personalTrialBodySchema,
        response: replies(trialResultSchema),
      },
    },
    async (request) => ok(await service.trial(await actorOf(request), 'personalization', request.body)),
  );

  app.get(
    VALET_PATHS.trialResult,
    {
      ...scoped(),
      schema: {
        ...doc('A price trial back by its id (valid 30 minutes, this store only)'),
        querystring: trialIdQuerySchema,
        response: replies(trialResultSchema),
      },
    },
    async (request) => ok(service.trialResult(await actorOf(request), request.query.trialId)),
  );

  app.post(
    VALET_PATHS.changePlan,
    {
      ...scoped(),
      schema: {
        ...doc('The cycle plan of a uEnjoy SKU from a first delivery day (tomorrow by default)'),
        body: changePlanBodySchema,
        response: replies(cyclePlanProposalSchema),
      },
    },
    async (request) => ok(await service.changePlan(request.body)),
  );

  app.post(
    VALET_PATHS.uenjoyCreate,
    {
      ...scoped('valetOrder:create'),
      schema: {
        ...doc('uEnjoy valet order from a price trial (pending_confirm); 409 when prices changed since'),
        body: uenjoyCreateBodySchema,
        response: replies(valetActionResultSchema),
      },
    },
    async (request) => ok(await service.createUenjoy(await actorOf(request), request.body)),
  );

  const perKind = (kind: ValetKind, paths: { list: string; confirm: string; cancel: string }) => {
    app.post(
      paths.list,
      {
        ...scoped(),
        schema: {
          ...doc(`The store’s ${kind} valet orders, newest first (status, keyword, created date range)`),
          body: valetListBodySchema,
          response: replies(valetOrderPageSchema),
        },
      },
      async (request) => ok(await queries.list(scopedStoreOf(request).id, kind, request.body)),
    );
    app.post(
      paths.confirm,
      {
        ...scoped('valetOrder:confirm'),
        schema: {
          ...doc(
            `Confirms a ${kind} valet order: the upstream order is created and offered in one transaction`,
          ),
          body: valetActionBodySchema,
          response: replies(valetActionResultSchema),
        },
      },
      async (request) => ok(await service.confirm(await actorOf(request), kind, request.body.valetOrderNo)),
    );
    app.post(
      paths.cancel,
      {
        ...scoped('valetOrder:cancel'),
        schema: {
          ...doc(`Cancels a ${kind} valet order that is still pending_confirm`),
          body: valetCancelBodySchema,
          response: replies(valetActionResultSchema),
        },
      },
      async (request) =>
        ok(
          await service.cancel(await actorOf(request), kind, request.body.valetOrderNo, request.body.reason),
        ),
    );
  };
  perKind('integral', {
    list: VALET_PATHS.integralList,
    confirm: VALET_PATHS.integralConfirm,
    cancel: VALET_PATHS.integralCancel,
  });
  perKind('uenjoy', {
    list: VALET_PATHS.uenjoyList,
    confirm: VALET_PATHS.uenjoyConfirm,
    cancel: VALET_PATHS.uenjoyCancel,
  });

  app.post(
    VALET_PATHS.detail,
    {
      ...scoped(),
      schema: {
        ...doc('One valet order of the store (valetOrderManagerDetail) with its upstream offer and actions'),
        body: valetActionBodySchema,
        response: replies(valetOrderDetailSchema),
      },
    },
    async (request) =>
      ok(
        await queries.detail(scopedStoreOf(request).id, request.body.valetOrderNo, {
          confirm: hasValetPermission(request, 'valetOrder:confirm'),
          cancel: hasValetPermission(request, 'valetOrder:cancel'),
        }),
      ),
  );
}
