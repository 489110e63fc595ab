import type { StoreDetail } from '@console/contract';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { departments, shopGroups, stores, userLastStores, users, userStores } from '../../db/schema.js';
import { intArrayLiteral, textArrayLiteral } from '../../db/array-literal.js';
import { likeContains } from '../../db/like-pattern.js';
import { fixedStatement } from '../../db/paged-query.js';
import type { Coordinates } from './geo.js';
import { createUserRepository } from '../auth/user.repository.js';

/** A store the caller is authorised for (what the store-scope guard hands to a route). */
export type ScopedStore = {
  id: number;
  shopCode: string;
  shopName: string;
  businessScopeName: string;
  organizeId: number | null;
};

/** The columns of a `ScopedStore`. */
export const scopedStoreColumns = {
  id: stores.id,
  shopCode: stores.shopCode,
  shopName: stores.shopName,
  businessScopeName: stores.businessScopeName,
  organizeId: stores.organizeId,
};

/** A store's region: province, city and county, codes and names. */
export const storeRegionColumns = {
  shopProvinceCode: stores.shopProvinceCode,
  shopCityCode: stores.shopCityCode,
  shopCountyCode: stores.shopCountyCode,
  shopProvinceName: stores.shopProvinceName,
  shopCityName: stores.shopCityName,
  shopCountyName: stores.shopCountyName,
};

/** Authorisation is a user_stores row for an enabled store, for every role (admin included). */
const authorisedFor = (userId: number) => and(eq(userStores.userId, userId), eq(stores.enabled, true));

export type StoreRepository = ReturnType<typeof createStoreRepository>;

const switcherColumns = {
  shopCode: stores.shopCode,
  shopName: stores.shopName,
  businessScopeName: stores.businessScopeName,
  latitude: stores.latitude,
  longitude: stores.longitude,
  shopGroupId: shopGroups.id,
  frontTitle: shopGroups.frontTitle,
};
type SwitcherRow = {
  shopCode: string;
  shopName: string;
  businessScopeName: string;
  latitude: number;
  longitude: number;
  shopGroupId: number;
  frontTitle: string;
};

/** `origin` on the unit sphere, as `stores.sphere` is (SPHERE_OF_LOCATION). */
function sphereOf({ latitude, longitude }: Coordinates): SQL {
  const [lat, lng] = [(latitude * Math.PI) / 180, (longitude * Math.PI) / 180];
  const xyz = [Math.cos(lat) * Math.cos(lng), Math.cos(lat) * Math.sin(lng), Math.sin(lat)];
  return sql`cube(array[${xyz[0]}, ${xyz[1]}, ${xyz[2]}]::float8[])`;
}

export function createStoreRepository(db: Database) {
  // The store check of every uncached store-scoped request: compiled once, kept parsed per connection.
  // The store check of every request the cache misses: built and prepared once.
  const authorisedStores = fixedStatement(db, 'store_authorised', (on, value) =>
    on
      .select({ ...scopedStoreColumns, userId: userStores.userId })
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .where(
        and(
          sql`${userStores.userId} = any(${value('userIds')}::int[])`,
          sql`${stores.shopCode} = any(${value('shopCodes')}::text[])`,
          sql`${stores.enabled}`,
        ),
      ),
  );
  async function countMatching(where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .where(where);
    return Number(row?.total ?? 0);
  }

  /**
   * The user's open stores: their grants minus their grants of closed stores. Two index reads (the user's
   * keys, the closed stores), where counting the join would read every store of a clerk of 2,000.
   */
  async function countAuthorised(userId: number): Promise<number> {
    const closed = db
      .select({ n: count() })
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .where(and(eq(userStores.userId, userId), eq(stores.enabled, false)));
    const [row] = await db
      .select({ total: sql<number>`count(*) - (${closed})` })
      .from(userStores)
      .where(eq(userStores.userId, userId));
    return Number(row?.total ?? 0);
  }

  /** The `wanted` nearest located stores matching `where`, ties by shop code (see `nearestStores`). */
  async function nearestLocated(where: SQL | undefined, origin: Coordinates, wanted: number) {
    const distance = sql<number>`${stores.sphere} <-> ${sphereOf(origin)}`;
    for (let read = wanted * 2 + 1; ; read *= 2) {
      const found = await db
        .select({ ...switcherColumns, distance })
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .innerJoin(shopGroups, eq(shopGroups.id, stores.shopGroupId))
        .where(and(where, isNotNull(stores.sphere)))
        .orderBy(distance)
        .limit(read);
      const sorted = found.sort((a, b) => a.distance - b.distance || a.shopCode.localeCompare(b.shopCode));
      const exhausted = found.length < read;
      const last = sorted[Math.min(wanted, sorted.length) - 1];
      if (exhausted || !last || sorted[sorted.length - 1]!.distance > last.distance)
        return sorted.slice(0, wanted).map(({ distance: _, ...row }): SwitcherRow => row);
    }
  }

  function unlocated(where: SQL | undefined, offset: number, limit: number): Promise<SwitcherRow[]> {
    return db
      .select(switcherColumns)
      .from(userStores)
      .innerJoin(stores, eq(stores.id, userStores.storeId))
      .innerJoin(shopGroups, eq(shopGroups.id, stores.shopGroupId))
      .where(and(where, isNull(stores.sphere)))
      .orderBy(asc(stores.shopCode))
      .limit(limit)
      .offset(offset);
  }

  return {
    /** The store of `shopCode` when `userId` is authorised for it; null for a foreign or unknown store alike. */
    async findAuthorised(userId: number, shopCode: string): Promise<ScopedStore | null> {
      const [row] = await db
        .select(scopedStoreColumns)
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .where(and(authorisedFor(userId), eq(stores.shopCode, shopCode)))
        .limit(1);
      return row ?? null;
    },

    /**
     * `findAuthorised` for many (user, store code) pairs in one statement (the store checks of many requests at
     * once, batched by the caller): one answer per pair, in order.
     */
    async findAuthorisedMany(
      pairs: readonly { userId: number; shopCode: string }[],
    ): Promise<(ScopedStore | null)[]> {
      if (pairs.length === 0) return [];
      const userIds = intArrayLiteral([...new Set(pairs.map((p) => p.userId))]);
      const shopCodes = textArrayLiteral([...new Set(pairs.map((p) => p.shopCode))]);
      const rows = await authorisedStores({ userIds, shopCodes });
      const found = new Map<string, ScopedStore>();
      for (const { userId, ...store } of rows) found.set(`${userId}\u0000${store.shopCode}`, store);
      return pairs.map((p) => found.get(`${p.userId}\u0000${p.shopCode}`) ?? null);
    },

    /** The remembered store, only while the user is still authorised for it. */
    async lastStore(userId: number) {
      const [row] = await db
        .select({
          shopCode: stores.shopCode,
          businessScopeName: stores.businessScopeName,
          frontTitle: shopGroups.frontTitle,
        })
        .from(userLastStores)
        .innerJoin(stores, eq(stores.id, userLastStores.storeId))
        .innerJoin(shopGroups, eq(shopGroups.id, stores.shopGroupId))
        .innerJoin(userStores, and(eq(userStores.storeId, stores.id), eq(userStores.userId, userId)))
        .where(and(eq(userLastStores.userId, userId), eq(stores.enabled, true)))
        .limit(1);
      return row ?? null;
    },

    async rememberStore(userId: number, storeId: number, at: Date): Promise<void> {
      await db
        .insert(userLastStores)
        .values({ userId, storeId, updatedAt: at })
        .onConflictDoUpdate({ target: userLastStores.userId, set: { storeId, updatedAt: at } });
    },

    /**
     * One page of the user's authorised stores matching `keyword`, nearest first from `origin` (stores
     * without a location last, each order broken by shop code).
     *
     * Nearest first reads `stores_sphere_idx` (ORDER BY sphere <-> origin with a LIMIT), so a clerk of 2,000
     * stores reads about a page of them, not all 2,000; a clerk of a few stores reads those few. The index
     * orders by distance only: the shop-code tie-break is applied here, on candidates read until the last
     * one is farther than the page's last (so every store tied with it is among them).
     */
    async nearestStores(
      userId: number,
      query: { keyword: string; origin: Coordinates; offset: number; limit: number },
    ) {
      const pattern = query.keyword ? likeContains(query.keyword) : null;
      const where = and(
        authorisedFor(userId),
        pattern
          ? or(
              ilike(stores.shopCode, pattern),
              ilike(stores.shopName, pattern),
              ilike(stores.businessScopeName, pattern),
              ilike(stores.shopAddress, pattern),
              ilike(stores.shopDetailAddress, pattern),
            )
          : undefined,
      );
      const wanted = query.offset + query.limit;
      // The first page of a clerk of few stores also needs the stores without a location: asked at once.
      const firstUnlocated = query.offset === 0 ? unlocated(where, 0, query.limit) : null;
      const [total, located, unlocatedFirst] = await Promise.all([
        pattern ? countMatching(where) : countAuthorised(userId),
        nearestLocated(where, query.origin, wanted),
        firstUnlocated,
      ]);
      const rows = located.slice(query.offset, wanted);
      if (rows.length < query.limit && located.length < wanted) {
        // The page runs past the located stores: the rest comes from the stores without a location.
        const unlocatedOffset = Math.max(0, query.offset - located.length);
        const rest = unlocatedFirst ?? (await unlocated(where, unlocatedOffset, query.limit));
        rows.push(...rest.slice(0, query.limit - rows.length));
      }
      return { total, rows };
    },

    async detail(storeId: number): Promise<StoreDetail | null> {
      const [row] = await db
        .select({
          id: stores.id,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          shopPhone: stores.shopPhone,
          ...storeRegionColumns,
          shopDetailAddress: stores.shopDetailAddress,
          shopAddress: stores.shopAddress,
          latitude: stores.latitude,
          longitude: stores.longitude,
          contactsId: stores.contactsId,
          contactsName: stores.contactsName,
          contactsPhone: stores.contactsPhone,
          organizeId: stores.organizeId,
          infoConfirmed: stores.infoConfirmed,
        })
        .from(stores)
        .where(eq(stores.id, storeId))
        .limit(1);
      if (!row) return null;
      // spec 3: shopDetailAddress falls back to shopAddress.
      return { ...row, shopDetailAddress: row.shopDetailAddress || row.shopAddress };
    },

    async infoStatus(storeId: number) {
      const [row] = await db
        .select({ infoConfirmed: stores.infoConfirmed, infoConfirmedAt: stores.infoConfirmedAt })
        .from(stores)
        .where(eq(stores.id, storeId))
        .limit(1);
      return row ?? null;
    },

    async saveInfo(storeId: number, values: Partial<typeof stores.$inferInsert>): Promise<void> {
      await db.update(stores).set(values).where(eq(stores.id, storeId));
    },

    /** The department of a store and every department below it. */
    async departmentsUnder(rootId: number): Promise<Set<number>> {
      const all = await db.select({ id: departments.id, parentId: departments.parentId }).from(departments);
      const children = new Map<number, number[]>();
      for (const d of all) {
        if (d.parentId == null) continue;
        children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
      }
      const found = new Set<number>();
      const queue = [rootId];
      while (queue.length) {
        const id = queue.pop()!;
        if (found.has(id)) continue;
        found.add(id);
        queue.push(...(children.get(id) ?? []));
      }
      return found;
    },

    async staff(deptIds: number[], page: { offset: number; limit: number }) {
      const where = and(inArray(users.deptId, deptIds), eq(users.enabled, true));
      const [totalRow] = await db.select({ total: count() }).from(users).where(where);
      const rows = await db
        .select({ userId: users.id, name: users.nickName, phone: users.phone })
        .from(users)
        .where(where)
        .orderBy(asc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      return {
        total: Number(totalRow?.total ?? 0),
        list: rows.map((r) => ({ ...r, phone: r.phone ?? '' })),
      };
    },

    async enabledUserIn(userId: number, deptIds: ReadonlySet<number>) {
      const [row] = await db
        .select({ id: users.id, name: users.nickName, phone: users.phone, deptId: users.deptId })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.enabled, true)))
        .limit(1);
      return row && row.deptId != null && deptIds.has(row.deptId) ? row : null;
    },

    async authorisedStoreCodes(userId: number): Promise<string[]> {
      const rows = await db
        .select({ shopCode: stores.shopCode })
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .where(authorisedFor(userId))
        .orderBy(asc(stores.shopCode));
      return rows.map((r) => r.shopCode);
    },

    rolesOf: createUserRepository(db).rolesOf,

    /** Authorised stores whose address or name contains the keyword (for the offline place search). */
    async storesMatching(userId: number, keyword: string, limit: number) {
      const pattern = likeContains(keyword);
      return db
        .select({
          shopCode: stores.shopCode,
          businessScopeName: stores.businessScopeName,
          shopAddress: stores.shopAddress,
          shopCountyCode: stores.shopCountyCode,
          latitude: stores.latitude,
          longitude: stores.longitude,
        })
        .from(userStores)
        .innerJoin(stores, eq(stores.id, userStores.storeId))
        .where(
          and(
            authorisedFor(userId),
            sql`not (${stores.latitude} = 0 and ${stores.longitude} = 0)`,
            or(
              ilike(stores.businessScopeName, pattern),
              ilike(stores.shopAddress, pattern),
              ilike(stores.shopDetailAddress, pattern),
            ),
          ),
        )
        .orderBy(asc(stores.shopCode))
        .limit(limit);
    },
  };
}
