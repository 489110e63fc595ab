import { CANDIDATE_RADIUS_KM, NEAREST_CANDIDATES } from '@console/contract';
import type { Database } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { metersBetween, type Coordinates } from '../../stores/geo.js';
import type { IntegrationRepository } from './integration.repository.js';

export type CandidateStore = { id: number; shopCode: string; distanceMeters: number };

/**
 * The stores an order is offered to: the ones the platform named (all must exist and be enabled), else the
 * nearest enabled, located stores within CANDIDATE_RADIUS_KM of the delivery address (haversine, as the store
 * list orders them).
 */
export async function candidateStores(
  repo: IntegrationRepository,
  tx: Database,
  address: Coordinates,
  namedCodes: readonly string[] | undefined,
): Promise<CandidateStore[]> {
  if (namedCodes) {
    const wanted = [...new Set(namedCodes)];
    const rows = await repo.namedStores(wanted, tx);
    const found = new Set(rows.map((r) => r.shopCode));
    const unknown = wanted.filter((code) => !found.has(code));
    if (unknown.length > 0)
      throw new AppError(422, 'ORDER_STORE_UNKNOWN', `候选门店不存在或已停用：${unknown.join('、')}`);
    return rows
      .map((r) => ({ id: r.id, shopCode: r.shopCode, distanceMeters: metersBetween(address, r) }))
      .sort((a, b) => a.distanceMeters - b.distanceMeters);
  }
  const rows = await repo.nearestStores(address, NEAREST_CANDIDATES, tx);
  const nearby = rows
    .map((r) => ({ id: r.id, shopCode: r.shopCode, distanceMeters: metersBetween(address, r) }))
    .filter((c) => c.distanceMeters <= CANDIDATE_RADIUS_KM * 1000);
  if (nearby.length === 0) throw new AppError(422, 'ORDER_NO_CANDIDATES', '附近没有可接单的门店');
  return nearby;
}
