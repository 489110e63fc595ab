import { DEFAULT_STORE_COORDINATES } from '@console/contract';

export type Coordinates = { latitude: number; longitude: number };

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Latitude and longitude of 0 count as "no location" (spec 5). */
export const isLocated = (p: Coordinates): boolean => !(p.latitude === 0 && p.longitude === 0);

/** The caller's coordinates, or the default position when geolocation gave none (or gave 0/0). */
export function originOf(input: { latitude?: number | null; longitude?: number | null }): Coordinates {
  const { latitude, longitude } = input;
  if (latitude == null || longitude == null || !isLocated({ latitude, longitude }))
    return { ...DEFAULT_STORE_COORDINATES };
  return { latitude, longitude };
}

/** Great-circle distance in kilometres (haversine); the SQL ordering uses the same formula. */
export function haversineKm(a: Coordinates, b: Coordinates): number {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distance in whole metres. */
export function metersBetween(a: Coordinates, b: Coordinates): number {
  return Math.round(haversineKm(a, b) * 1000);
}

/** Distance rounded to 0.01 km, null for a store without a location. */
export function distanceKmOf(origin: Coordinates, store: Coordinates): number | null {
  return isLocated(store) ? Math.round(haversineKm(origin, store) * 100) / 100 : null;
}

/**
 * One page of stores grouped by area title: a group appears where its nearest store of the page is, and
 * keeps its stores nearest first.
 */
export function groupByTitle<T extends { shopGroupId: number; frontTitle: string }, I>(
  rows: readonly T[],
  item: (row: T) => I,
): { shopGroupId: number; frontTitle: string; shopList: I[] }[] {
  const groups = new Map<number, { shopGroupId: number; frontTitle: string; shopList: I[] }>();
  for (const row of rows) {
    let group = groups.get(row.shopGroupId);
    if (!group) {
      group = { shopGroupId: row.shopGroupId, frontTitle: row.frontTitle, shopList: [] };
      groups.set(row.shopGroupId, group);
    }
    group.shopList.push(item(row));
  }
  return [...groups.values()];
}
