import { PLACE_RESULTS_MAX, shopGroupResponseSchema, storeEndpoints as api } from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { clientOf } from '../../http/client.js';
import { ok } from '../../http/envelope.js';
import { access, ANY_STAFF, rawRoute, route } from '../../http/route.js';
import { createAuditLog } from '../audit/audit-log.js';
import { createSessionService } from '../auth/session.service.js';
import { areaCatalogue } from './area-tree.js';
import { choosePlaceSearch, createOfflinePlaceSearch } from './place-search.js';
import { createStoreRepository } from './store.repository.js';
import { createStoreService } from './store.service.js';

const tags = ['stores'];
/** Store-scoped by the store-console field `shopCode` (or the X-Store-Code header). */
const IN_SHOP = access.store(ANY_STAFF, 'shopCode');

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

  route(
    app,
    api.lastStore,
    access.signedIn(),
    ({ caller, input }) => service.lastStore(caller(), input.userId),
    {
      tags,
    },
  );
  route(
    app,
    api.saveLastStore,
    access.store(ANY_STAFF),
    async ({ caller, input, store }) => {
      await service.rememberStore(caller(), input.userId, store());
      return null;
    },
    { tags },
  );
  // The spec's client reads `success` beside the envelope.
  rawRoute(
    app,
    api.shopGroups,
    access.signedIn(),
    async ({ caller, input }) => ({ ...ok(await service.shopGroups(caller(), input)), success: true }),
    { tags, body: shopGroupResponseSchema },
  );
  route(app, api.infoStatus, IN_SHOP, ({ store }) => service.infoStatus(store()), { tags });
  route(app, api.detail, IN_SHOP, ({ store }) => service.detail(store()), { tags });
  route(
    app,
    api.save,
    IN_SHOP,
    async ({ caller, store, input, request }) => {
      await service.saveInfo(caller(), store(), input, clientOf(request));
      return null;
    },
    { tags },
  );
  route(
    app,
    api.areaTree,
    access.signedIn(),
    ({ input, reply }) => {
      reply.header('cache-control', 'private, max-age=3600');
      return areaCatalogue.tree(input.areaLevel);
    },
    { tags },
  );
  route(
    app,
    api.placeSearch,
    access.signedIn(),
    ({ caller, input }) => service.searchPlaces(caller(), input.keyword, PLACE_RESULTS_MAX),
    { tags },
  );
  route(app, api.staffList, IN_SHOP, ({ store, input }) => service.staff(store(), input), { tags });
  route(
    app,
    api.authInfo,
    access.signedIn(),
    ({ caller, input }) => service.authInfo(caller(), input.userId),
    {
      tags,
    },
  );
  route(
    app,
    api.logoutAction,
    access.signedIn(),
    async ({ caller, request }) => {
      await service.logoutAction(caller(), clientOf(request));
      return null;
    },
    { tags },
  );
}
