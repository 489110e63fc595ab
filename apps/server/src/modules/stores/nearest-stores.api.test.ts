import { STORE_PATHS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopGroups, stores, userStores } from '../../db/schema.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { haversineKm, type Coordinates } from './geo.js';

/**
 * The switcher's nearest-first list read through `stores_sphere_idx` (docs/domain/stores.md) answers exactly
 * what sorting all of a clerk's stores would: nearest first by great-circle distance, ties by shop code, the
 * stores without a location last by code, closed stores left out, on every page.
 */
let t: TestApp;
let token: string;
type Store = Coordinates & { code: string; enabled: boolean };
const mine: Store[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '近邻区' }).returning();
  // Ten spots from Hainan to Heilongjiang, six stores on each (ties), five without a location, every
  // eleventh closed.
  for (let i = 1; i <= 65; i++) {
    const spot = i % 10;
    const located = i <= 60;
    mine.push({
      code: `NS${String(i).padStart(3, '0')}`,
      latitude: located ? 19 + spot * 3.4 : 0,
      longitude: located ? 109 + ((spot * 7) % 10) * 1.9 : 0,
      enabled: i % 11 !== 0,
    });
  }
  const rows = await t.db
    .insert(stores)
    .values(
      mine.map((s) => ({
        shopCode: s.code,
        shopName: `${s.code}店`,
        businessScopeName: s.code,
        shopGroupId: group!.id,
        latitude: s.latitude,
        longitude: s.longitude,
        enabled: s.enabled,
      })),
    )
    .returning({ id: stores.id });
  const clerk = await createUser(t.db, { roles: ['store_staff'] });
  await t.db.insert(userStores).values(rows.map((r) => ({ userId: clerk.id, storeId: r.id })));
  token = await signIn(t.app, clerk);
});
afterAll(() => t.close());

/** What a full sort gives. */
function expectedOrder(origin: Coordinates, keep: (s: Store) => boolean = () => true): string[] {
  const open = mine.filter((s) => s.enabled && keep(s));
  const located = open
    .filter((s) => s.latitude !== 0 || s.longitude !== 0)
    .sort((a, b) => haversineKm(origin, a) - haversineKm(origin, b) || a.code.localeCompare(b.code));
  const unlocated = open
    .filter((s) => s.latitude === 0 && s.longitude === 0)
    .sort((a, b) => a.code.localeCompare(b.code));
  return [...located, ...unlocated].map((s) => s.code);
}

async function allPages(body: Record<string, unknown>, pageSize: number) {
  const codes: string[] = [];
  const totals = new Set<number>();
  for (let pageNum = 1; pageNum <= 20; pageNum++) {
    const response = await t.app.inject({
      method: 'POST',
      url: STORE_PATHS.shopGroups,
      headers: bearer(token),
      payload: { ...body, pageNum, pageSize },
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { total: number; list: { shopList: { addressId: string }[] }[] };
    totals.add(data.total);
    const page = data.list.flatMap((g) => g.shopList.map((s) => s.addressId));
    if (!page.length) break;
    codes.push(...page);
  }
  return { codes, totals: [...totals] };
}

describe('nearest-first switcher list', () => {
  it.each([
    ['the default position (Beijing)', { latitude: 39.8, longitude: 116.5 }],
    ['the far north-east', { latitude: 50.1, longitude: 127.5 }],
    ['the south', { latitude: 20.0, longitude: 110.3 }],
  ])('pages from %s exactly as a full sort', async (_where, origin) => {
    const expected = expectedOrder(origin);
    const { codes, totals } = await allPages(origin, 7);
    expect(codes).toEqual(expected);
    expect(totals).toEqual([expected.length]);
  });

  it('searches with the same order and a matching total', async () => {
    const origin = { latitude: 31.2, longitude: 121.5 };
    const expected = expectedOrder(origin, (s) => s.code.startsWith('NS00'));
    const { codes, totals } = await allPages({ ...origin, searchKeyWord: 'NS00' }, 4);
    expect(codes).toEqual(expected);
    expect(totals).toEqual([expected.length]);
  });
});
