import {
  LOOKUP_PATHS,
  addressAddBodySchema,
  addressKeywordsBodySchema,
  bikeDistanceBodySchema,
  bikeDistanceSchema,
  integralLabelSchema,
  integralSkuPageBodySchema,
  memberAddressListBodySchema,
  memberAddressSchema,
  memberIdQuerySchema,
  memberKeywordsQuerySchema,
  memberSummarySchema,
  placeSuggestionSchema,
  shopByIdQuerySchema,
  shopCodeQuerySchema,
  shopCodeSchema,
  shopInfoSchema,
  skuByIdQuerySchema,
  skuPageSchema,
  skuSchema,
  storeCodeQuerySchema,
  temporaryMemberAddBodySchema,
  temporaryMemberResultSchema,
  uenjoyShopBodySchema,
  uenjoySkuPageBodySchema,
  uenjoyShopSchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../../app-types.js';
import { ok, replies } from '../../../http/envelope.js';
import { forbidden, notFound } from '../../../http/errors.js';
import { callerOf } from '../../../plugins/request-context.js';
import { STORE_FORBIDDEN, scopedStoreOf, storeScope } from '../../../plugins/store-scope.js';
import { areaCatalogue, type AreaCatalogue } from '../../stores/area-tree.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { createMemberLookups } from './member-lookups.js';
import { createShopLookups } from './shop-lookups.js';
import { createSkuLookups } from './sku-lookups.js';

const TAGS = ['orders'];
const SIGNED_IN = [{ bearer: [] }];

/**
 * The lookups of the valet flows (docs/domain/orders.md "Valet orders"): members, addresses, integral and
 * uEnjoy SKUs, shops. Each needs a session and a store the caller is authorised for (`storeCode`), except the
 * shop calls that name a store by id: those check the caller's authorisation for that store.
 */
export function orderLookupRoutes(app: AppInstance, deps: AppDeps, wiring: { areas?: AreaCatalogue } = {}) {
  const { db, clock } = deps;
  const stores = createStoreRepository(db);
  const memberLookups = createMemberLookups({ db, clock, areas: wiring.areas ?? areaCatalogue });
  const shops = createShopLookups({ db });
  const skuLookups = createSkuLookups({ db });

  const scoped = { preValidation: app.authenticate, preHandler: [storeScope(stores, 'storeCode')] };
  const signedIn = { preValidation: app.authenticate };
  const hereOf = async (request: FastifyRequest) => {
    const store = await shops.shop(scopedStoreOf(request).id);
    return { store, bike: store.bikeDistanceMeters };
  };
  /** A store named by id: 404 when unknown, 403 when the caller is not authorised for it. */
  const authorisedShop = async (request: FastifyRequest, id: number) => {
    const store = await shops.shop(id);
    const mine = await stores.findAuthorised(callerOf(request).user.id, store.shopCode);
    if (!mine) throw forbidden(STORE_FORBIDDEN, 'STORE_FORBIDDEN');
    return store;
  };
  const doc = (summary: string) => ({ tags: TAGS, summary, security: SIGNED_IN });

  app.get(
    LOOKUP_PATHS.memberByKeywords,
    {
      ...scoped,
      schema: {
        ...doc('Registered members by phone (prefix), member number or name (part); at most 20'),
        querystring: memberKeywordsQuerySchema,
        response: replies(z.array(memberSummarySchema)),
      },
    },
    async (request) => ok(await memberLookups.platformMembers(request.query.keywords)),
  );

  app.get(
    LOOKUP_PATHS.temporaryMemberByKeywords,
    {
      ...scoped,
      schema: {
        ...doc('Temporary members (created at the counter) by phone, member number or name; at most 20'),
        querystring: memberKeywordsQuerySchema,
        response: replies(z.array(memberSummarySchema)),
      },
    },
    async (request) => ok(await memberLookups.temporaryMembers(request.query.keywords)),
  );

  app.post(
    LOOKUP_PATHS.temporaryMemberAdd,
    {
      ...scoped,
      schema: {
        ...doc(
          'Creates a temporary member (name + phone) homed at the store, or answers the member of that phone',
        ),
        body: temporaryMemberAddBodySchema,
        response: replies(temporaryMemberResultSchema),
      },
    },
    async (request) =>
      ok(
        await memberLookups.addTemporaryMember({
          name: request.body.name,
          phone: request.body.phone,
          storeId: scopedStoreOf(request).id,
        }),
      ),
  );

  app.get(
    LOOKUP_PATHS.integralLabels,
    {
      ...scoped,
      schema: {
        ...doc('Labels of the points-mall SKUs on sale, with their SKU counts'),
        querystring: storeCodeQuerySchema,
        response: replies(z.array(integralLabelSchema)),
      },
    },
    async () => ok(await skuLookups.labels()),
  );

  app.post(
    LOOKUP_PATHS.integralSkuAppPage,
    {
      ...scoped,
      schema: {
        ...doc('Points-mall SKUs on sale by label and keyword, cheapest first, paged'),
        body: integralSkuPageBodySchema,
        response: replies(skuPageSchema),
      },
    },
    async (request) => ok(await skuLookups.appPage(request.body)),
  );

  app.post(
    LOOKUP_PATHS.integralSkuPage,
    {
      ...scoped,
      schema: {
        ...doc('Every points-mall SKU (off sale too) by label and keyword, paged'),
        body: integralSkuPageBodySchema,
        response: replies(skuPageSchema),
      },
    },
    async (request) => ok(await skuLookups.managePage(request.body)),
  );

  app.post(
    LOOKUP_PATHS.uenjoySkuAppPage,
    {
      ...scoped,
      schema: {
        ...doc('uEnjoy subscription SKUs on sale by keyword (name or code), cheapest first, paged'),
        body: uenjoySkuPageBodySchema,
        response: replies(skuPageSchema),
      },
    },
    async (request) => ok(await skuLookups.uenjoyPage(request.body)),
  );

  app.get(
    LOOKUP_PATHS.shopById,
    {
      ...signedIn,
      schema: {
        ...doc('A store the caller is authorised for, with its bike-delivery distance'),
        querystring: shopByIdQuerySchema,
        response: replies(shopInfoSchema),
      },
    },
    async (request) => ok(await authorisedShop(request, request.query.id)),
  );

  app.get(
    LOOKUP_PATHS.shopCode,
    {
      ...signedIn,
      schema: {
        ...doc('The code of a store by id, or of the caller’s remembered store without an id'),
        querystring: shopCodeQuerySchema,
        response: replies(shopCodeSchema),
      },
    },
    async (request) => {
      if (request.query.id !== undefined) {
        const store = await authorisedShop(request, request.query.id);
        return ok({ id: store.id, shopCode: store.shopCode, shopName: store.shopName });
      }
      const userId = callerOf(request).user.id;
      const last = await stores.lastStore(userId);
      const store = last ? await stores.findAuthorised(userId, last.shopCode) : null;
      if (!store) throw notFound(LOOKUP_TEXT.storeNotFound, 'STORE_NOT_FOUND');
      return ok({ id: store.id, shopCode: store.shopCode, shopName: store.shopName });
    },
  );

  app.post(
    LOOKUP_PATHS.addressByKeywords,
    {
      ...scoped,
      schema: {
        ...doc(
          'Known places (customer and store addresses) matching the keywords, nearest to the store first',
        ),
        body: addressKeywordsBodySchema,
        response: replies(z.array(placeSuggestionSchema)),
      },
    },
    async (request) => {
      const { store } = await hereOf(request);
      return ok(await shops.addressSuggestions(request.body.keywords, store));
    },
  );

  app.get(
    LOOKUP_PATHS.lastValetAddress,
    {
      ...scoped,
      schema: {
        ...doc('The member’s address last used for a valet order, else the default one; null when none'),
        querystring: memberIdQuerySchema,
        response: replies(memberAddressSchema.nullable()),
      },
    },
    async (request) => {
      const { store, bike } = await hereOf(request);
      return ok(await memberLookups.lastValetAddress(request.query.memberId, store, bike));
    },
  );

  app.post(
    LOOKUP_PATHS.addressList,
    {
      ...scoped,
      schema: {
        ...doc('The member’s addresses, default first, with the distance from the store'),
        body: memberAddressListBodySchema,
        response: replies(z.array(memberAddressSchema)),
      },
    },
    async (request) => {
      const { store, bike } = await hereOf(request);
      return ok(await memberLookups.addresses(request.body.memberId, store, bike));
    },
  );

  app.post(
    LOOKUP_PATHS.addressAdd,
    {
      ...scoped,
      schema: {
        ...doc('Adds an address to the member (the first one, or isDefault, becomes the default)'),
        body: addressAddBodySchema,
        response: replies(memberAddressSchema),
      },
    },
    async (request) => {
      const { store, bike } = await hereOf(request);
      return ok(await memberLookups.addAddress(request.body, store, bike));
    },
  );

  app.post(
    LOOKUP_PATHS.uenjoyShops,
    {
      ...scoped,
      schema: {
        ...doc('Stores serving uEnjoy around a point (default: the caller’s store), nearest first'),
        body: uenjoyShopBodySchema,
        response: replies(z.array(uenjoyShopSchema)),
      },
    },
    async (request) => {
      const { store } = await hereOf(request);
      const { latitude, longitude, keyword } = request.body;
      const origin = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : store;
      return ok(await shops.uenjoyShops(origin, keyword));
    },
  );

  app.post(
    LOOKUP_PATHS.bikeDistance,
    {
      ...scoped,
      schema: {
        ...doc('How far the store delivers by bike (store delivery), in metres'),
        body: bikeDistanceBodySchema,
        response: replies(bikeDistanceSchema),
      },
    },
    async (request) => {
      const store = scopedStoreOf(request);
      return ok({ shopCode: store.shopCode, bikeDistanceMeters: shops.bikeDistanceOf(store.id) });
    },
  );

  app.get(
    LOOKUP_PATHS.skuById,
    {
      ...scoped,
      schema: {
        ...doc('One product SKU by id (any kind, on sale or not)'),
        querystring: skuByIdQuerySchema,
        response: replies(skuSchema),
      },
    },
    async (request) => ok(await skuLookups.byId(request.query.id)),
  );
}
