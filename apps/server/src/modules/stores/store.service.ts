import type {
  AuthInfo,
  ContactOption,
  InfoStatus,
  Place,
  SelectedStore,
  ShopGroupPage,
  ShopGroupQuery,
  StoreDetail,
  StoreInfoSaveBody,
} from '@console/contract';
import type { ClientInfo } from '../../http/client.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AuthCache } from '../auth/auth-cache.js';
import type { AuditLog } from '../audit/audit-log.js';
import { resolveRegion, storeAddressOf, type AreaCatalogue } from './area-tree.js';
import { distanceKmOf, groupByTitle, originOf } from './geo.js';
import type { PlaceSearchProvider } from './place-search.js';
import type { ScopedStore, StoreRepository } from './store.repository.js';

export const MESSAGES = {
  notOwnUser: '只能查询或设置本人的信息',
  storeNotFound: '门店不存在',
  storeMismatch: '门店信息不匹配，请刷新后重试',
  region: '请选择正确的省市区',
  noLocation: '请设置门店定位信息',
  contact: '请从门店员工中选择联系人',
  department: '您无权查看该部门的员工',
  placeSearchFailed: '地点搜索暂不可用，请稍后再试',
} as const;

/** A user asks about themselves only; another user's id is refused even for admin. */
function assertSelf(caller: AuthContext, userId: number): void {
  if (caller.user.id !== userId) throw forbidden(MESSAGES.notOwnUser, 'NOT_OWN_USER');
}

export type StoreServiceDeps = {
  stores: StoreRepository;
  areas: AreaCatalogue;
  places: PlaceSearchProvider;
  audit: AuditLog;
  clock: Clock;
  revokeSession: (sessionId: number) => Promise<void>;
  /** Store authorisations are cached with the store's name: saving a store drops them. */
  authCache: Pick<AuthCache, 'forgetAll'>;
};

export function createStoreService({
  stores,
  areas,
  places,
  audit,
  clock,
  revokeSession,
  authCache,
}: StoreServiceDeps) {
  return {
    async lastStore(caller: AuthContext, userId: number): Promise<SelectedStore | null> {
      assertSelf(caller, userId);
      const row = await stores.lastStore(userId);
      return row
        ? {
            storeCode: row.shopCode,
            addressId: row.shopCode,
            frontTitle: row.frontTitle,
            businessScopeName: row.businessScopeName,
          }
        : null;
    },

    async rememberStore(caller: AuthContext, userId: number, store: ScopedStore): Promise<void> {
      assertSelf(caller, userId);
      await stores.rememberStore(userId, store.id, clock());
    },

    async shopGroups(caller: AuthContext, query: ShopGroupQuery): Promise<ShopGroupPage> {
      const origin = originOf(query);
      const { total, rows } = await stores.nearestStores(caller.user.id, {
        keyword: query.searchKeyWord ?? '',
        origin,
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const list = groupByTitle(rows, (row) => ({
        addressId: row.shopCode,
        businessScopeName: row.businessScopeName,
        shopName: row.shopName,
        distanceKm: distanceKmOf(origin, row),
      }));
      return { list, total };
    },

    async infoStatus(store: ScopedStore): Promise<InfoStatus> {
      const row = await stores.infoStatus(store.id);
      if (!row) throw notFound(MESSAGES.storeNotFound);
      // spec 4.4: success with no data means the store-info dialog must open.
      return row.infoConfirmed
        ? { infoConfirmed: true, confirmedAt: row.infoConfirmedAt?.toISOString() ?? null }
        : null;
    },

    async detail(store: ScopedStore): Promise<StoreDetail> {
      const detail = await stores.detail(store.id);
      if (!detail) throw notFound(MESSAGES.storeNotFound);
      return detail;
    },

    async saveInfo(
      caller: AuthContext,
      store: ScopedStore,
      body: StoreInfoSaveBody,
      client: ClientInfo,
    ): Promise<void> {
      if (body.id != null && body.id !== store.id) throw badRequest(MESSAGES.storeMismatch, 'STORE_MISMATCH');
      const region = resolveRegion(areas.regions(), {
        provinceCode: body.shopProvinceCode,
        cityCode: body.shopCityCode,
        countyCode: body.shopCountyCode,
      });
      if (!region) throw badRequest(MESSAGES.region, 'REGION_INVALID');
      const { latitude, longitude } = body;
      if (latitude == null || longitude == null || latitude === 0 || longitude === 0)
        throw badRequest(MESSAGES.noLocation, 'LOCATION_MISSING');
      if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180)
        throw badRequest(MESSAGES.noLocation, 'LOCATION_MISSING');
      let contact = {
        contactsId: null as number | null,
        contactsName: body.contactsName,
        contactsPhone: body.contactsPhone,
      };
      if (body.contactsId != null) {
        const allowed =
          store.organizeId == null ? new Set<number>() : await stores.departmentsUnder(store.organizeId);
        const user = await stores.enabledUserIn(body.contactsId, allowed);
        if (!user) throw badRequest(MESSAGES.contact, 'CONTACT_INVALID');
        contact = {
          contactsId: user.id,
          contactsName: body.contactsName || user.name,
          contactsPhone: body.contactsPhone || (user.phone ?? ''),
        };
      }
      const now = clock();
      const info = {
        shopName: body.shopName,
        shopPhone: body.shopPhone,
        ...storeAddressOf(region, body.shopDetailAddress),
        latitude,
        longitude,
        ...contact,
      };
      const previous = await stores.detail(store.id);
      await stores.saveInfo(store.id, { ...info, infoConfirmed: true, infoConfirmedAt: now, updatedAt: now });
      authCache.forgetAll();
      await audit.change({
        action: 'store.info.save',
        actor: caller,
        client,
        target: store.shopCode,
        before: previous && pickKeys(previous, Object.keys(info)),
        after: info,
      });
    },

    /** Staff of the scoped store's department tree only; any other department is refused. */
    async staff(
      store: ScopedStore,
      query: { deptIds: number[]; pageIndex: number; pageSize: number },
    ): Promise<{ list: ContactOption[]; total: number }> {
      const allowed =
        store.organizeId == null ? new Set<number>() : await stores.departmentsUnder(store.organizeId);
      if (!query.deptIds.every((id) => allowed.has(id)))
        throw forbidden(MESSAGES.department, 'DEPARTMENT_FORBIDDEN');
      return stores.staff([...new Set(query.deptIds)], {
        offset: (query.pageIndex - 1) * query.pageSize,
        limit: query.pageSize,
      });
    },

    async searchPlaces(caller: AuthContext, keyword: string, limit: number): Promise<Place[]> {
      try {
        return await places.search({ keyword, limit, userId: caller.user.id });
      } catch {
        throw new AppError(503, 'PLACE_SEARCH_UNAVAILABLE', MESSAGES.placeSearchFailed);
      }
    },

    async authInfo(caller: AuthContext, userId: number): Promise<AuthInfo> {
      assertSelf(caller, userId);
      const [roleBaseInfoDTOList, storeCodeList] = await Promise.all([
        stores.rolesOf(userId),
        stores.authorisedStoreCodes(userId),
      ]);
      return { roleBaseInfoDTOList, storeCodeList };
    },

    async logoutAction(caller: AuthContext, client: ClientInfo): Promise<void> {
      await revokeSession(caller.sessionId);
      await audit.record({
        action: 'store-console.logout',
        userId: caller.user.id,
        target: caller.user.username,
        client,
      });
    },
  };
}

/** The entries of `source` named by `keys`: a record's state before a change, in the shape of the change. */
function pickKeys(source: object, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([key]) => keys.includes(key)));
}
