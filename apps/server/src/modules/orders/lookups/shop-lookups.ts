import { DEFAULT_BIKE_DISTANCE_METERS } from '@console/contract';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../http/errors.js';
import { createStoreRepository } from '../../stores/store.repository.js';
import { metersBetween, isLocated, type Coordinates } from '../../stores/geo.js';
import { LOOKUP_TEXT } from './lookup-texts.js';
import { createLookupsRepository } from './lookups.repository.js';

const UENJOY_SHOPS_MAX = 20;
const SUGGESTIONS_MAX = 10;
/** uEnjoy stores are looked for this far around the point. */
const UENJOY_SHOP_RADIUS_KM = 30;

/**
 * Store facts the valet flows need (store_ms): shop info, the bike-delivery radius, the uEnjoy stores near a
 * point, and address suggestions (member_ms `ws/getAddressByKeywords`).
 */
export function createShopLookups(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  const repo = createLookupsRepository(db, clock);
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
      const rows = await repo.storesAround(origin, keyword, UENJOY_SHOP_RADIUS_KM, UENJOY_SHOPS_MAX);
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
      const [known, shops] = [
        await repo.knownPlaces(keywords, SUGGESTIONS_MAX * 3),
        await repo.storePlaces(keywords, SUGGESTIONS_MAX * 3),
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
