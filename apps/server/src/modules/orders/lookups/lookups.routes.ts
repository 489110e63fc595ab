import { lookupEndpoints as api, MEMBER_LOOKUPS_PER_MINUTE } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { clientOf } from '../../../http/client.js';
import { forbidden, tooManyRequests } from '../../../http/errors.js';
import { access, ANY_STAFF, route, type RouteContext } from '../../../http/route.js';
import { callerOf } from '../../../plugins/request-context.js';
import { STORE_FORBIDDEN } from '../../../plugins/store-scope.js';
import { createAuditLog } from '../../audit/audit-log.js';
import { areaCatalogue, type AreaCatalogue } from '../../stores/area-tree.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import type { MemberScope } from './member-access.js';
import { createMemberLookups } from './member-lookups.js';
import { createShopLookups } from './shop-lookups.js';
import { createSkuLookups } from './sku-lookups.js';

const tags = ['orders'];
const staff = access.store(ANY_STAFF);

/** The session and store a member call is made from (the store checked by `access.store`). */
export const memberScopeOf = ({
  caller,
  store,
  request,
}: Pick<RouteContext<typeof api.addressList>, 'caller' | 'store' | 'request'>): MemberScope => ({
  storeId: store().id,
  sessionId: caller().sessionId,
  userId: caller().user.id,
  client: clientOf(request),
});

/**
 * The lookups of the valet flows (docs/domain/orders.md "Valet orders"): members, addresses, integral and
 * uEnjoy SKUs, shops. Each needs a session and a store the caller is authorised for (`storeCode`), except the
 * shop calls that name a store by id: those check the caller's authorisation for that store.
 */
export function orderLookupRoutes(app: AppInstance, deps: AppDeps, wiring: { areas?: AreaCatalogue } = {}) {
  const { db, clock } = deps;
  const audit = createAuditLog(db, clock);
  const memberLookups = createMemberLookups({ db, clock, areas: wiring.areas ?? areaCatalogue, audit });
  const shops = createShopLookups({ db, clock });
  const skuLookups = createSkuLookups({ db, clock });

  const hereOf = async ({ store }: Pick<RouteContext<typeof api.addressList>, 'store'>) => {
    const shop = await shops.shop(store().id);
    return { store: shop, bike: shop.bikeDistanceMeters };
  };
  /** A store named by id: 404 when unknown, 403 when the caller is not authorised for it. */
  const authorisedShop = async (userId: number, id: number) => {
    const store = await shops.shop(id);
    const mine = await app.storeAccess.findAuthorised(userId, store.shopCode);
    if (!mine) throw forbidden(STORE_FORBIDDEN, 'STORE_FORBIDDEN');
    return store;
  };

  // One budget per user for every call that tells whether a phone or number is a member (Redis when present).
  const memberLookupBudget = app.createRateLimit({
    max: MEMBER_LOOKUPS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `member-lookups:${callerOf(request).user.id}`,
  });
  const limitMemberLookups = async (request: FastifyRequest) => {
    const budget = await memberLookupBudget(request);
    if (!budget.isAllowed && budget.isExceeded) {
      // A refused look-up is still an attempt to learn who is a member: it leaves its row like a served one.
      await audit.record({
        action: 'member.lookup_refused',
        userId: callerOf(request).user.id,
        target: request.routeOptions.url ?? request.url,
        client: clientOf(request),
      });
      throw tooManyRequests(budget.ttlInSeconds, LOOKUP_TEXT.memberLookupsTooFast);
    }
  };
  const lookupExtras = { tags, preHandler: [limitMemberLookups] };

  route(
    app,
    api.memberByKeywords,
    staff,
    (ctx) => memberLookups.platformMembers(memberScopeOf(ctx), ctx.input.keywords),
    lookupExtras,
  );
  route(
    app,
    api.temporaryMemberByKeywords,
    staff,
    (ctx) => memberLookups.temporaryMembers(memberScopeOf(ctx), ctx.input.keywords),
    lookupExtras,
  );
  route(
    app,
    api.temporaryMemberAdd,
    staff,
    (ctx) =>
      memberLookups.addTemporaryMember(memberScopeOf(ctx), { name: ctx.input.name, phone: ctx.input.phone }),
    lookupExtras,
  );
  route(app, api.integralLabels, staff, () => skuLookups.labels(), { tags });
  route(app, api.integralSkuAppPage, staff, ({ input }) => skuLookups.appPage(input), { tags });
  route(app, api.integralSkuPage, staff, ({ input }) => skuLookups.managePage(input), { tags });
  route(app, api.uenjoySkuAppPage, staff, ({ input }) => skuLookups.uenjoyPage(input), { tags });

  route(
    app,
    api.shopById,
    access.signedIn(),
    ({ input, caller }) => authorisedShop(caller().user.id, input.id),
    { tags },
  );

  route(
    app,
    api.addressByKeywords,
    staff,
    async (ctx) => shops.addressSuggestions(ctx.input.keywords, (await hereOf(ctx)).store),
    { tags },
  );
  route(
    app,
    api.lastValetAddress,
    staff,
    async (ctx) => {
      const { store, bike } = await hereOf(ctx);
      return memberLookups.lastValetAddress(memberScopeOf(ctx), ctx.input.memberId, store, bike);
    },
    { tags },
  );
  route(
    app,
    api.addressList,
    staff,
    async (ctx) => {
      const { store, bike } = await hereOf(ctx);
      return memberLookups.addresses(memberScopeOf(ctx), ctx.input.memberId, store, bike);
    },
    { tags },
  );
  route(
    app,
    api.addressAdd,
    staff,
    async (ctx) => {
      const { store, bike } = await hereOf(ctx);
      return memberLookups.addAddress(memberScopeOf(ctx), ctx.input, store, bike);
    },
    { tags },
  );
  route(
    app,
    api.uenjoyShops,
    staff,
    async (ctx) => {
      const { store } = await hereOf(ctx);
      const { latitude, longitude, keyword } = ctx.input;
      const origin = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : store;
      return shops.uenjoyShops(origin, keyword);
    },
    { tags },
  );
  route(
    app,
    api.bikeDistance,
    staff,
    ({ store }) => ({ shopCode: store().shopCode, bikeDistanceMeters: shops.bikeDistanceOf(store().id) }),
    { tags },
  );
  route(app, api.skuById, staff, ({ input }) => skuLookups.byId(input.id), { tags });
}
