import { IM_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processQueryTimings } from '../db/query-timing.js';
import { stores } from '../db/schema.js';
import { addStaff, addStore, imPost, type TestStore } from '../modules/im/im-test-fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let mine: TestStore;
let other: TestStore;
let closed: TestStore;

beforeAll(async () => {
  t = await createTestApp();
  [mine, other, closed] = [await addStore(t.db), await addStore(t.db), await addStore(t.db)];
});

afterAll(async () => {
  await t.close();
});

/**
 * How often the sign-in check and the store check ran during `act`. The timings are reset first: they keep a
 * bounded number of statements, and a whole suite in one process would push these out.
 */
async function statementsOf(act: () => Promise<unknown>) {
  processQueryTimings.reset();
  await act();
  const calls = (marker: string) =>
    processQueryTimings
      .list()
      .filter((s) => s.query.includes(marker))
      .reduce((sum, s) => sum + s.calls, 0);
  return { signIns: calls('from "sessions"'), storeChecks: calls('"user_stores"."user_id" = any(') };
}

const unread = (staff: Awaited<ReturnType<typeof addStaff>>, store: TestStore) =>
  imPost(t, IM_PATHS.unreadCount, staff, { receiver: staff.workCode, storeCode: store.code });

describe('a store-scoped request of a sign-in not yet cached', () => {
  it('reads the sign-in and the store in one statement, then neither', async () => {
    const staff = await addStaff(t, mine);
    let status = 0;
    expect(await statementsOf(async () => (status = (await unread(staff, mine)).statusCode))).toEqual({
      signIns: 1,
      storeChecks: 0,
    });
    expect(status).toBe(200);
    expect(await statementsOf(() => unread(staff, mine))).toEqual({ signIns: 0, storeChecks: 0 });
  });

  it('still refuses a store the user does not hold, asking the store check for it', async () => {
    const staff = await addStaff(t, mine);
    let answer = { statusCode: 0, body: '' };
    expect(await statementsOf(async () => (answer = await unread(staff, other)))).toEqual({
      signIns: 1,
      storeChecks: 1,
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('您无权访问该门店');
  });

  it('refuses a closed store the user holds', async () => {
    const staff = await addStaff(t, mine, closed);
    await t.db.update(stores).set({ enabled: false }).where(eq(stores.id, closed.id));
    expect((await unread(staff, closed)).statusCode).toBe(403);
    expect((await unread(staff, mine)).statusCode).toBe(200);
  });

  it('a token used for two stores at once gets each its own store', async () => {
    const staff = await addStaff(t, mine, other);
    const [a, b] = await Promise.all([unread(staff, mine), unread(staff, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });
});
