import { CANDIDATE_RADIUS_KM, NEAREST_CANDIDATES } from '@console/contract';
import { and, asc, eq, inArray, or, sql, ne } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { stores } from '../../../db/schema.js';
import { AppError } from '../../../http/errors.js';
import { haversineKm, type Coordinates } from '../../stores/geo.js';

export type CandidateStore = { id: number; shopCode: string; distanceMeters: number };

const metersBetween = (a: Coordinates, b: Coordinates) => Math.round(haversineKm(a, b) * 1000);

/**
 * The stores an order is offered to: the ones the platform named (all must exist and be enabled), else the
 * nearest enabled, located stores within CANDIDATE_RADIUS_KM of the delivery address (haversine, as the store
 * list orders them).
 */
export async function candidateStores(
  db: Database,
  address: Coordinates,
  namedCodes: readonly string[] | undefined,
): Promise<CandidateStore[]> {
  const located = or(ne(stores.latitude, 0), ne(stores.longitude, 0));
  if (namedCodes) {
    const wanted = [...new Set(namedCodes)];
    const rows = await db
      .select({
        id: stores.id,
        shopCode: stores.shopCode,
        latitude: stores.latitude,
        longitude: stores.longitude,
      })
      .from(stores)
      .where(and(inArray(stores.shopCode, wanted), eq(stores.enabled, true)));
    const found = new Set(rows.map((r) => r.shopCode));
    const unknown = wanted.filter((code) => !found.has(code));
    if (unknown.length > 0)
      throw new AppError(422, 'ORDER_STORE_UNKNOWN', `候选门店不存在或已停用：${unknown.join('、')}`);
    return rows
      .map((r) => ({ id: r.id, shopCode: r.shopCode, distanceMeters: metersBetween(address, r) }))
      .sort((a, b) => a.distanceMeters - b.distanceMeters);
  }
  const lat = sql`${address.latitude}::double precision`;
  const lng = sql`${address.longitude}::double precision`;
  const distance = sql`asin(least(1, sqrt(
    power(sin(radians(${stores.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${stores.latitude})) * power(sin(radians(${stores.longitude} - ${lng}) / 2), 2)
  )))`;
  const rows = await db
    .select({
      id: stores.id,
      shopCode: stores.shopCode,
      latitude: stores.latitude,
      longitude: stores.longitude,
    })
    .from(stores)
    .where(and(eq(stores.enabled, true), located))
    .orderBy(sql`${distance} asc`, asc(stores.shopCode))
    .limit(NEAREST_CANDIDATES);
  const nearby = rows
    .map((r) => ({ id: r.id, shopCode: r.shopCode, distanceMeters: metersBetween(address, r) }))
    .filter((c) => c.distanceMeters <= CANDIDATE_RADIUS_KM * 1000);
  if (nearby.length === 0) throw new AppError(422, 'ORDER_NO_CANDIDATES', '附近没有可接单的门店');
  return nearby;
}
