import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imMessages, users, userStores } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWakeBus } from '../../platform/wake-bus.js';
import { addStore } from './im-test-fixtures.js';
import { countStatements } from '../../test/statement-calls.js';
import { createMessageProducer, NoReceiversError } from './message-producer.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** More staff than one INSERT can take (65,535 parameters / 9 per message row ≈ 7,281). */
const LARGE_STORE_STAFF = 8_000;

describe('message producer', () => {
  it('writes a store-wide message to thousands of staff in one transaction', async () => {
    const store = await addStore(t.db, '大店');
    const staff = await t.db
      .insert(users)
      .values(
        Array.from({ length: LARGE_STORE_STAFF }, (_, i) => ({
          username: `bulk${i}`,
          nickName: `店员${i}`,
          workCode: `BULK${i}`,
          passwordHash: 'unusable',
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(userStores).values(staff.map((u) => ({ userId: u.id, storeId: store.id })));

    const outcome = await t.app.messageCenter.producer.publishNow({
      storeId: store.id,
      businessType: 10,
      messageType: 1,
      text: '今晚 20:00 盘点，请全员到店',
      source: 'test',
    });

    expect(outcome.messageIds).toHaveLength(LARGE_STORE_STAFF);
    expect(new Set(outcome.wakeKeys).size).toBe(LARGE_STORE_STAFF);
    const [written] = await t.db
      .select({ n: count() })
      .from(imMessages)
      .where(eq(imMessages.storeId, store.id));
    expect(written!.n).toBe(LARGE_STORE_STAFF);
  }, 60_000);

  it('reports the rows it writes by source, one report per run of the same source', async () => {
    const store = await addStore(t.db, '计数店');
    const [a, b] = await t.db
      .insert(users)
      .values(
        ['a', 'b'].map((n) => ({
          username: `count-${n}`,
          nickName: n,
          workCode: `CNT${n}`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id });
    const reports: [string, number][] = [];
    const producer = createMessageProducer({
      db: t.db,
      clock: () => new Date(),
      wakeBus: createWakeBus(null),
      metrics: { messagesCreated: (source, n) => void reports.push([source, n]) },
    });
    const input = { storeId: store.id, businessType: 7, messageType: 1, text: '计数' };
    await t.db.transaction((tx) =>
      producer.publishMany(tx, [
        { ...input, source: 'orders', receiverIds: [a!.id, b!.id] },
        { ...input, source: 'orders', receiverIds: [a!.id] },
        { ...input, source: 'members', receiverIds: [b!.id] },
      ]),
    );
    await t.db.transaction((tx) =>
      producer.publish(tx, { ...input, source: 'publish-api', receiverIds: [a!.id] }),
    );
    expect(reports).toEqual([
      ['orders', 3],
      ['members', 1],
      ['publish-api', 1],
    ]);
  });

  it('writes a store-staff message in one statement: enabled staff in user order, minus the one who caused it', async () => {
    const store = await addStore(t.db, '店员店');
    const staff = await t.db
      .insert(users)
      .values(
        ['c', 'a', 'b', 'off'].map((n) => ({
          username: `staff-${n}`,
          nickName: n,
          workCode: `STF${n}`,
          passwordHash: 'x',
          enabled: n !== 'off',
        })),
      )
      .returning({ id: users.id, nickName: users.nickName });
    await t.db.insert(userStores).values(staff.map((u) => ({ userId: u.id, storeId: store.id })));
    const id = (name: string) => staff.find((u) => u.nickName === name)!.id;
    const reports: [string, number][] = [];
    const producer = createMessageProducer({
      db: t.db,
      clock: () => new Date(),
      wakeBus: createWakeBus(null),
      metrics: { messagesCreated: (source, n) => void reports.push([source, n]) },
    });
    const input = { storeId: store.id, businessType: 7, messageType: 1, text: '到店', source: 'inventory' };
    const calls = countStatements();
    const outcome = await t.db.transaction((tx) => producer.publish(tx, input, { except: id('a') }));
    expect(calls('insert into im_messages')).toBe(1);
    expect(calls('select u.id from user_stores')).toBe(0);
    expect(outcome.messages.map((m) => m.receiverId)).toEqual([id('c'), id('b')].sort((x, y) => x - y));
    expect(reports).toEqual([['inventory', 2]]);

    const alone = await addStore(t.db, '无人店');
    const refused = await t.db
      .transaction((tx) => producer.publish(tx, { ...input, storeId: alone.id }))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NoReceiversError);
  });
});
