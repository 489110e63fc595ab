import { DEFAULT_BIKE_DISTANCE_METERS } from '@console/contract';
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { memberAddresses, stores } from '../../../db/schema.js';
import { notFound } from '../../../http/errors.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { haversineKm, isLocated, likeContains, type Coordinates } from '../../stores/geo.js';
import { LOOKUP_TEXT } from './lookup-texts.js';

const UENJOY_SHOPS_MAX = 20;
const SUGGESTIONS_MAX = 10;
/** uEnjoy stores are looked for this far around the point. */
const UENJOY_SHOP_RADIUS_KM = 30;

const metersBetween = (a: Coordinates, b: Coordinates) => Math.round(haversineKm(a, b) * 1000);

/**
 * Store facts the valet flows need (store_ms): shop info, the bike-delivery radius, the uEnjoy stores near a
 * point, and address suggestions (member_ms `ws/getAddressByKeywords`).
 */
export function createShopLookups(deps: { db: Database }) {
  const { db } = deps;
  const storeRepository = createStoreRepository(db);

  /** Every store delivers by bike up to the default: stores have no delivery settings yet. */
  const bikeDistanceOf = (_storeId: number): number => DEFAULT_BIKE_DISTANCE_METERS;

  /** The store's contact and location facts, with its bike-delivery radius; 404 when unknown. */
  async function shop(storeId: number) {
    const store = await storeRepository.detail(storeId);
    if (!store) throw notFound(LOOKUP_TEXT.storeNotFound, 'STORE_NOT_FOUND');
    const { id, shopCode, shopName, shopPhone, shopAddress, latitude, longitude } = store;
    const bikeDistanceMeters = bikeDistanceOf(id);
    return { id, shopCode, shopName, shopPhone, shopAddress, latitude, longitude, bikeDistanceMeters };
  }

  return {
    bikeDistanceOf,
    shop,

    /** Enabled, located stores around `origin` (nearest first), optionally by name. */
    async uenjoyShops(origin: Coordinates, keyword: string | undefined) {
      const distanceKm = sql<number>`(2 * 6371 * asin(least(1, sqrt(
        power(sin(radians(${stores.latitude} - ${origin.latitude}) / 2), 2) +
        cos(radians(${origin.latitude})) * cos(radians(${stores.latitude})) *
        power(sin(radians(${stores.longitude} - ${origin.longitude}) / 2), 2)))))`;
      const rows = await db
        .select({
          id: stores.id,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          shopAddress: stores.shopAddress,
          latitude: stores.latitude,
          longitude: stores.longitude,
        })
        .from(stores)
        .where(
          and(
            eq(stores.enabled, true),
            or(ne(stores.latitude, 0), ne(stores.longitude, 0)),
            sql`${distanceKm} <= ${UENJOY_SHOP_RADIUS_KM}`,
            keyword ? ilike(stores.shopName, likeContains(keyword)) : undefined,
          ),
        )
        .orderBy(distanceKm, asc(stores.shopCode))
        .limit(UENJOY_SHOPS_MAX);
      return rows.map((row) => ({
        shopCode: row.shopCode,
        shopName: row.shopName,
        shopAddress: row.shopAddress,
        distanceMeters: metersBetween(origin, row),
        bikeDistanceMeters: bikeDistanceOf(row.id),
      }));
    },

    /**
     * Places matching the keywords: addresses customers already use and store addresses, nearest to the
     * store first. No map service is wired in, so this is what the console knows about places.
     */
    async addressSuggestions(keywords: string, store: Coordinates) {
      const pattern = likeContains(keywords);
      const [known, shops] = [
        await db
          .selectDistinct({
            regionName: memberAddresses.regionName,
            countyCode: memberAddresses.countyCode,
            detail: memberAddresses.detail,
            latitude: memberAddresses.latitude,
            longitude: memberAddresses.longitude,
          })
          .from(memberAddresses)
          .where(ilike(memberAddresses.detail, pattern))
          .limit(SUGGESTIONS_MAX * 3),
        await db
          .select({
            regionName: sql<string>`${stores.shopProvinceName} || ${stores.shopCityName} || ${stores.shopCountyName}`,
            countyCode: stores.shopCountyCode,
            detail: stores.shopDetailAddress,
            latitude: stores.latitude,
            longitude: stores.longitude,
          })
          .from(stores)
          .where(and(eq(stores.enabled, true), ilike(stores.shopDetailAddress, pattern)))
          .limit(SUGGESTIONS_MAX * 3),
      ];
      const seen = new Set<string>();
      return [...known, ...shops]
        .filter((p) => isLocated(p) && p.detail !== '')
        .filter((p) => {
          const key = `${p.regionName}|${p.detail}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((p) => ({ ...p, distanceMeters: isLocated(store) ? metersBetween(store, p) : 0 }))
        .sort((a, b) => a.distanceMeters - b.distanceMeters)
        .slice(0, SUGGESTIONS_MAX);
    },
  };
}

export type ShopLookups = ReturnType<typeof createShopLookups>;
