import { integralOrderEndpoints, valetEndpoints as api, type ValetKind } from '@console/contract';
import { clientOf } from '../../../http/client.js';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import { createAuditLog } from '../../audit/audit-log.js';
import type { MessageProducer } from '../../im/message-producer.js';
import { createDataScopes } from '../../roles/data-scope.js';
import { areaCatalogue } from '../../stores/area-tree.js';
import type { OrderIntake } from '../integration/integration.service.js';
import { createPointsRedemption } from '../../points/points-redemption.js';
import { createMemberLookups } from '../lookups/member-lookups.js';
import { createShopLookups } from '../lookups/shop-lookups.js';
import { createValetService, type ValetActor } from './valet.service.js';

const tags = ['orders'];

/**
 * Valet orders for the points mall and uEnjoy (docs/domain/orders.md "Valet orders"): price trials, creation,
 * list, detail, confirmation into an offered upstream order, cancellation. Store-scoped by `storeCode`; 积分订单
 * reads the points orders across the stores of a head-office data scope.
 */
export function valetOrderRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { producer: MessageProducer; intake: OrderIntake },
): void {
  const { db, clock, config, sms } = deps;
  const { producer, intake } = wiring;
  const shops = createShopLookups({ db, clock });
  const audit = createAuditLog(db, clock);
  const memberLookups = createMemberLookups({ db, clock, areas: areaCatalogue, audit });
  const service = createValetService({
    db,
    clock,
    producer,
    intake,
    memberLookups,
    audit,
    redemption: createPointsRedemption({ db, clock, sms, audit }),
    trialSecret: config.serviceToken,
  });

  const actorOf = async ({
    caller,
    store,
    request,
  }: Pick<RouteContext<typeof api.detail>, 'caller' | 'store' | 'request'>): Promise<ValetActor> => {
    const shop = await shops.shop(store().id);
    const { user, sessionId } = caller();
    return {
      store: shop,
      user: { id: user.id, nickName: user.nickName },
      sessionId,
      client: clientOf(request),
    };
  };

  route(
    app,
    api.integralCreate,
    access.store('valetOrder:create'),
    async (ctx) => service.createIntegral(await actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.integralSendRedeemCode,
    access.store('valetOrder:confirm'),
    async (ctx) => service.sendRedeemCode(await actorOf(ctx), ctx.input.valetOrderNo),
    { tags },
  );
  route(
    app,
    api.trialChange,
    access.store(ANY_STAFF),
    async (ctx) => service.trial(await actorOf(ctx), 'standard', ctx.input),
    { tags },
  );
  route(
    app,
    api.trialExpress,
    access.store(ANY_STAFF),
    async (ctx) => service.trial(await actorOf(ctx), 'express', ctx.input),
    { tags },
  );
  route(
    app,
    api.trialPersonalization,
    access.store(ANY_STAFF),
    async (ctx) => service.trial(await actorOf(ctx), 'personalization', ctx.input),
    { tags },
  );
  route(
    app,
    api.trialResult,
    access.store(ANY_STAFF),
    async (ctx) => service.trialResult(await actorOf(ctx), ctx.input.trialId),
    { tags },
  );
  route(app, api.changePlan, access.store(ANY_STAFF), ({ input }) => service.changePlan(input), { tags });
  route(
    app,
    api.uenjoyCreate,
    access.store('valetOrder:create'),
    async (ctx) => service.createUenjoy(await actorOf(ctx), ctx.input),
    { tags },
  );

  for (const kind of ['integral', 'uenjoy'] as const satisfies readonly ValetKind[]) {
    const endpoints = api[kind];
    route(
      app,
      endpoints.list,
      access.store(ANY_STAFF),
      ({ input, store }) => service.list(store().id, kind, input),
      { tags },
    );
    route(
      app,
      endpoints.confirm,
      access.store('valetOrder:confirm'),
      async (ctx) => service.confirm(await actorOf(ctx), kind, ctx.input.valetOrderNo, ctx.input.memberCode),
      { tags },
    );
    route(
      app,
      endpoints.cancel,
      access.store('valetOrder:cancel'),
      async (ctx) => service.cancel(await actorOf(ctx), kind, ctx.input.valetOrderNo, ctx.input.reason),
      { tags },
    );
  }

  route(
    app,
    api.detail,
    access.store(ANY_STAFF),
    ({ input, store, caller, request }) => {
      const { roles, user } = caller();
      const viewer = { storeId: store().id, userId: user.id, client: clientOf(request) };
      return service.detail(viewer, input.valetOrderNo, {
        confirm: roles.includes('valetOrder:confirm'),
        cancel: roles.includes('valetOrder:cancel'),
      });
    },
    { tags },
  );

  // 积分订单 (head office): the points orders of the stores in the caller's data scope, read only.
  const dataScopes = createDataScopes(db, app.authCache);
  route(
    app,
    integralOrderEndpoints.page,
    access.headOffice(ANY_STAFF),
    async ({ caller, input: { storeCode, ...filter } }) =>
      service.scopedList({ scope: await dataScopes(caller()), storeCode }, filter),
    { tags },
  );
  route(
    app,
    integralOrderEndpoints.detail,
    access.headOffice(ANY_STAFF),
    async ({ caller, input, request }) =>
      service.scopedDetail(
        await dataScopes(caller()),
        { userId: caller().user.id, client: clientOf(request) },
        input.valetOrderNo,
      ),
    { tags },
  );
}
