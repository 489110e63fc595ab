import { couponEndpoints as api } from '@console/contract';
import { clientOf } from '../../http/client.js';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../http/route.js';
import { adminActorOf } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createMemberAccess } from '../orders/lookups/member-access.js';
import { createShopLookups } from '../orders/lookups/shop-lookups.js';
import { createPointsRedemption } from '../points/points-redemption.js';
import { createCouponsService, type CounterActor } from './coupons.service.js';

const tags = ['coupons'];

/**
 * Coupons (spec 7.6 "Coupons", docs/domain/coupons.md): the counter's calls are store-scoped by `storeCode`
 * (exchange needs `coupon:exchange`, undo `coupon:cancelExchange`); templates are head office's
 * (`coupon:edit` to change them).
 */
export function couponRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, clock, sms } = deps;
  const audit = createAuditLog(db, clock);
  const shops = createShopLookups({ db, clock });
  const service = createCouponsService({
    db,
    clock,
    audit,
    redemption: createPointsRedemption({ db, clock, sms, audit }),
    memberAccess: createMemberAccess(db, clock),
  });

  const actorOf = async ({
    caller,
    store,
    request,
  }: Pick<RouteContext<typeof api.list>, 'caller' | 'store' | 'request'>): Promise<CounterActor> => {
    const shop = await shops.shop(store().id);
    const { user, sessionId, roles } = caller();
    return {
      store: { id: shop.id, shopCode: shop.shopCode, shopName: shop.shopName },
      user: { id: user.id },
      sessionId,
      client: clientOf(request),
      canCancel: roles.includes('coupon:cancelExchange'),
    };
  };

  route(
    app,
    api.list,
    access.store(ANY_STAFF),
    async (ctx) => service.exchangeable(await actorOf(ctx), ctx.input.memberId),
    {
      tags,
    },
  );
  route(
    app,
    api.sendExchangeCode,
    access.store('coupon:exchange'),
    async (ctx) => service.sendCode(await actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.exchange,
    access.store('coupon:exchange'),
    async (ctx) => service.exchange(await actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.cancelExchange,
    access.store('coupon:cancelExchange'),
    async (ctx) => service.cancel(await actorOf(ctx), ctx.input),
    { tags },
  );
  route(
    app,
    api.exchangePageList,
    access.store(ANY_STAFF),
    async (ctx) => service.exchangePage(await actorOf(ctx), ctx.input),
    {
      tags,
    },
  );
  route(
    app,
    api.exchangePage,
    access.store(ANY_STAFF),
    async (ctx) => service.detail(await actorOf(ctx), ctx.input.exchangeNo),
    {
      tags,
    },
  );

  route(app, api.templatePage, access.headOffice(ANY_STAFF), ({ input }) => service.templatePage(input), {
    tags,
  });
  route(app, api.templateGet, access.headOffice(ANY_STAFF), ({ input }) => service.template(input.id), {
    tags,
  });
  route(
    app,
    api.templateSave,
    access.headOffice('coupon:edit'),
    (ctx) => service.saveTemplate(adminActorOf(ctx), ctx.input),
    {
      tags,
    },
  );
}
