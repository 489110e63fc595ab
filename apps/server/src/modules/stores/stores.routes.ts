import {
  PLACE_RESULTS_MAX,
  STORE_PATHS,
  areaNodeSchema,
  areaTreeBodySchema,
  authInfoBodySchema,
  authInfoSchema,
  infoStatusSchema,
  lastStoreBodySchema,
  logoutActionBodySchema,
  placeSchema,
  placeSearchBodySchema,
  saveLastStoreBodySchema,
  selectedStoreSchema,
  shopCodeBodySchema,
  shopGroupQuerySchema,
  shopGroupResponseSchema,
  staffListBodySchema,
  staffPageSchema,
  storeDetailSchema,
  storeInfoSaveBodySchema,
} from '@console/contract';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { emptyData, ok, replies } from '../../http/envelope.js';
import { callerOf } from '../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../plugins/store-scope.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createSessionService } from '../auth/session.service.js';
import { areaCatalogue } from './area-tree.js';
import { choosePlaceSearch, createOfflinePlaceSearch } from './place-search.js';
import { createStoreRepository } from './store.repository.js';
import { createStoreService } from './store.service.js';

const TAGS = ['stores'];
const SIGNED_IN = [{ bearer: [] }];

export function storeRoutes(app: AppInstance, { db, clock, config }: AppDeps): void {
  const stores = createStoreRepository(db);
  const sessions = createSessionService(db, clock, app.authCache);
  const service = createStoreService({
    stores,
    areas: areaCatalogue,
    places: choosePlaceSearch(
      config.tencentMapKey,
      createOfflinePlaceSearch({ stores, areas: areaCatalogue }),
    ),
    audit: createAuditLog(db, clock),
    clock,
    revokeSession: (id) => sessions.revoke(id),
    authCache: app.authCache,
  });
  /** The session is checked before the body, so an anonymous caller always gets 401. */
  const signedIn = { preValidation: app.authenticate };
  /** Store-scoped: signed in, then (after validation) the named field or X-Store-Code checked against user_stores. */
  const scoped = (field: string | null) => ({ ...signedIn, preHandler: storeScope(stores, field) });

  app.post(
    STORE_PATHS.lastStore,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'The last-used store of the caller (null when none or no longer authorised)',
        security: SIGNED_IN,
        body: lastStoreBodySchema,
        response: replies(selectedStoreSchema.nullable()),
      },
    },
    async (request) => ok(await service.lastStore(callerOf(request), request.body.userId)),
  );

  app.post(
    STORE_PATHS.saveLastStore,
    {
      ...scoped('storeCode'),
      schema: {
        tags: TAGS,
        summary: 'Set the current store (store-scoped by storeCode)',
        security: SIGNED_IN,
        body: saveLastStoreBodySchema,
        response: replies(emptyData),
      },
    },
    async (request) => {
      await service.rememberStore(callerOf(request), request.body.userId, scopedStoreOf(request));
      return ok(null);
    },
  );

  app.post(
    STORE_PATHS.shopGroups,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "Page of the caller's authorised stores, nearest first, grouped by area title",
        security: SIGNED_IN,
        body: shopGroupQuerySchema,
        response: { 200: shopGroupResponseSchema },
      },
    },
    async (request) => ({
      ...ok(await service.shopGroups(callerOf(request), request.body)),
      success: true,
    }),
  );

  app.post(
    STORE_PATHS.infoStatus,
    {
      ...scoped('shopCode'),
      schema: {
        tags: TAGS,
        summary: 'Store-info confirmation status; data null when the store-info dialog must open',
        security: SIGNED_IN,
        body: shopCodeBodySchema,
        response: replies(infoStatusSchema),
      },
    },
    async (request) => ok(await service.infoStatus(scopedStoreOf(request))),
  );

  app.post(
    STORE_PATHS.detail,
    {
      ...scoped('shopCode'),
      schema: {
        tags: TAGS,
        summary: 'Store detail',
        security: SIGNED_IN,
        body: shopCodeBodySchema,
        response: replies(storeDetailSchema),
      },
    },
    async (request) => ok(await service.detail(scopedStoreOf(request))),
  );

  app.post(
    STORE_PATHS.save,
    {
      ...scoped('shopCode'),
      schema: {
        tags: TAGS,
        summary: 'Save and confirm the store info',
        security: SIGNED_IN,
        body: storeInfoSaveBodySchema,
        response: replies(emptyData),
      },
    },
    async (request) => {
      await service.saveInfo(callerOf(request), scopedStoreOf(request), request.body, clientOf(request));
      return ok(null);
    },
  );

  app.post(
    STORE_PATHS.areaTree,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Province / city / county tree (GB/T 2260 6-digit codes)',
        security: SIGNED_IN,
        body: areaTreeBodySchema,
        response: replies(z.array(areaNodeSchema)),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return ok(areaCatalogue.tree(request.body.areaLevel));
    },
  );

  app.post(
    STORE_PATHS.placeSearch,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Place keyword search for the store-info map (at most 10 results)',
        security: SIGNED_IN,
        body: placeSearchBodySchema,
        response: replies(z.array(placeSchema)),
      },
    },
    async (request) =>
      ok(await service.searchPlaces(callerOf(request), request.body.keyword, PLACE_RESULTS_MAX)),
  );

  app.post(
    STORE_PATHS.staffList,
    {
      ...scoped('shopCode'),
      schema: {
        tags: TAGS,
        summary: "Enabled staff of the scoped store's departments (store from shopCode or X-Store-Code)",
        security: SIGNED_IN,
        body: staffListBodySchema,
        response: replies(staffPageSchema),
      },
    },
    async (request) => ok(await service.staff(scopedStoreOf(request), request.body)),
  );

  app.post(
    STORE_PATHS.authInfo,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: "The caller's roles and authorised store codes",
        security: SIGNED_IN,
        body: authInfoBodySchema,
        response: replies(authInfoSchema),
      },
    },
    async (request) => ok(await service.authInfo(callerOf(request), request.body.userId)),
  );

  app.post(
    STORE_PATHS.logoutAction,
    {
      ...signedIn,
      schema: {
        tags: TAGS,
        summary: 'Record a log-out action and revoke the session',
        security: SIGNED_IN,
        body: logoutActionBodySchema,
        response: replies(emptyData),
      },
    },
    async (request) => {
      await service.logoutAction(callerOf(request), clientOf(request));
      return ok(null);
    },
  );
}
