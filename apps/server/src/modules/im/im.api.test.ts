import { BUSINESS_TYPES, IM_PATHS, type Message } from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { imMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addStaff, addStore, imPost, publishTo, type Staff, type TestStore } from './im-test-fixtures.js';

const CHINESE = /[\u4e00-\u9fa5]/;
const SCOPED_CALLS = [
  IM_PATHS.supplement,
  IM_PATHS.unreadCount,
  IM_PATHS.operate,
  IM_PATHS.pageList,
] as const;

let t: TestApp;
let store: TestStore;
let other: TestStore;
let foreign: TestStore;
let alice: Staff;
let bob: Staff;

const scope = (staff: Staff, where: TestStore = store) => ({
  receiver: staff.workCode,
  storeCode: where.code,
});
type Body<T> = { data: T; errorMsg: string | null; errorCode: string | null };
async function call<T>(url: string, staff: Staff | null, payload?: unknown) {
  const response = await imPost(t, url, staff, payload);
  return { statusCode: response.statusCode, body: response.json<Body<T>>() };
}
const page = (staff: Staff, extra: Record<string, unknown> = {}, where: TestStore = store) =>
  call<{ list: Message[]; total: number; pageNum: number; pageSize: number }>(IM_PATHS.pageList, staff, {
    ...scope(staff, where),
    pageNum: 1,
    ...extra,
  });
const unread = (staff: Staff, where: TestStore = store) =>
  call<{
    messageCount: number;
    businessMessageCountList: { businessType: number; businessMessageCount: number }[];
  }>(IM_PATHS.unreadCount, staff, scope(staff, where));
const operate = (staff: Staff, operateType: number, ids?: number[], where: TestStore = store) =>
  call<{ affected: number }>(IM_PATHS.operate, staff, { ...scope(staff, where), operateType, ids });
const statusOf = async (id: number) =>
  (await t.db.select({ status: imMessages.status }).from(imMessages).where(eq(imMessages.id, id)))[0]?.status;

beforeAll(async () => {
  t = await createTestApp({ longPoll: { holdMs: 300, maxHeld: 5, sweepMs: 50 } });
  store = await addStore(t.db, '亦庄店');
  other = await addStore(t.db, '国贸店');
  foreign = await addStore(t.db, '天河店');
  alice = await addStaff(t, store, other);
  bob = await addStaff(t, store, foreign);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(imMessages).where(inArray(imMessages.receiverId, [alice.id, bob.id]));
});

describe('scope of the console calls', () => {
  it.each([...SCOPED_CALLS, IM_PATHS.listener, IM_PATHS.businessTypes])(
    '%s answers 401 without a session',
    async (url) => {
      const { statusCode, body } = await call(url, null, scope(alice));
      expect(statusCode).toBe(401);
      expect(body.errorMsg).toMatch(CHINESE);
    },
  );

  it.each([...SCOPED_CALLS, IM_PATHS.listener])('%s checks store and receiver', async (url) => {
    const extra =
      url === IM_PATHS.operate ? { operateType: 1 } : url === IM_PATHS.pageList ? { pageNum: 1 } : {};
    const missing = await call(url, alice, { receiver: alice.workCode, ...extra });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.errorMsg).toMatch(CHINESE);
    const notMine = await call(url, alice, { ...scope(alice, foreign), ...extra });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.body.errorMsg).toBe('您无权访问该门店');
    const someoneElse = await call(url, alice, { ...scope(bob), ...extra });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.body).toMatchObject({
      errorMsg: '只能查看和操作自己的消息',
      errorCode: 'IM_RECEIVER_FORBIDDEN',
    });
  });

  it.each([
    [IM_PATHS.listener, { size: 101 }, '每次最多拉取100条'],
    [IM_PATHS.listener, { ackIds: [0] }, '消息编号不正确'],
    [IM_PATHS.listener, { ackIds: Array.from({ length: 101 }, (_, i) => i + 1) }, '每次最多确认100条消息'],
    [IM_PATHS.pageList, { pageNum: 0 }, '页码不正确'],
    [IM_PATHS.pageList, { pageNum: 1, pageSize: 51 }, '每页最多50条'],
    [IM_PATHS.pageList, { pageNum: 1, status: 3 }, '消息状态只能是1（未读）或2（已读）'],
    [IM_PATHS.pageList, { pageNum: 1, businessType: 99 }, '业务类型不存在'],
    [IM_PATHS.operate, { operateType: 5 }, '操作类型只能是1（全部已读）、2（清空）、3（已读）或4（删除）'],
    [IM_PATHS.operate, { operateType: 3 }, '请指定要操作的消息'],
    [IM_PATHS.operate, { operateType: 4, ids: [] }, '请指定要操作的消息'],
  ])('%s rejects %j with a Chinese 400', async (url, extra, message) => {
    const { statusCode, body } = await call(url, alice, { ...scope(alice), ...extra });
    expect(statusCode).toBe(400);
    expect(body.errorMsg).toBe(message);
  });
});

describe('business types', () => {
  it('answers every business type as code and message, signed in only', async () => {
    const { statusCode, body } = await call<{ code: number; message: string }[]>(
      IM_PATHS.businessTypes,
      alice,
    );
    expect(statusCode).toBe(200);
    expect(body.data).toEqual(BUSINESS_TYPES.map(({ code, message }) => ({ code, message })));
  });
});

describe('supplementMsg', () => {
  it('turns only not-pushed messages older than 5 minutes into unread history', async () => {
    const old = await publishTo(t, alice, store);
    t.clock.advance(5 * 60_000 + 1_000);
    const fresh = await publishTo(t, alice, store);
    const elsewhere = await publishTo(t, alice, other);
    t.clock.advance(1_000);
    const { statusCode, body } = await call<{ supplemented: number }>(
      IM_PATHS.supplement,
      alice,
      scope(alice),
    );
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({ supplemented: 1 });
    expect(await statusOf(old)).toBe(1);
    expect(await statusOf(fresh)).toBe(0);
    expect(await statusOf(elsewhere)).toBe(0);
  });
});

describe('unReadImMessageCountWithBusiness', () => {
  it('counts 200 not-pushed and unread messages per business type, never read ones', async () => {
    const { producer } = t.app.messageCenter;
    const kinds = [
      { businessType: 1, messageType: 1, n: 90 },
      { businessType: 5, messageType: 21, n: 60 },
      { businessType: 9, messageType: 3, n: 50 },
    ];
    for (const kind of kinds)
      for (let i = 0; i < kind.n; i++)
        await producer.publishNow({
          storeId: store.id,
          receiverIds: [alice.id],
          businessType: kind.businessType,
          messageType: kind.messageType,
          text: `第${i}条`,
          source: 'test',
        });
    const read = await publishTo(t, alice, store, { businessType: 1, messageType: 2 });
    await operate(alice, 3, [read]);
    await publishTo(t, alice, other, { businessType: 1, messageType: 1 });
    await publishTo(t, bob, store, { businessType: 1, messageType: 1 });

    const { statusCode, body } = await unread(alice);
    expect(statusCode).toBe(200);
    expect(body.data).toEqual({
      messageCount: 200,
      businessMessageCountList: [
        { businessType: 1, businessMessageCount: 90 },
        { businessType: 5, businessMessageCount: 60 },
        { businessType: 9, businessMessageCount: 50 },
      ],
    });
    expect((await unread(alice, other)).body.data.messageCount).toBe(1);
  });

  it('answers zero and an empty list for an empty inbox', async () => {
    expect((await unread(alice)).body.data).toEqual({ messageCount: 0, businessMessageCountList: [] });
  });
});

describe('pageMsgList', () => {
  it('pages newest first and filters by status and business type', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 55; i++) ids.push(await publishTo(t, alice, store, { text: `消息${i}` }));
    const order = await publishTo(t, alice, store, { businessType: 1, messageType: 1 });
    await operate(alice, 3, [ids[0]!, ids[1]!]);

    const first = await page(alice);
    expect(first.statusCode).toBe(200);
    expect(first.body.data.total).toBe(56);
    expect(first.body.data.pageSize).toBe(50);
    expect(first.body.data.list).toHaveLength(50);
    expect(first.body.data.list[0]!.messageId).toBe(order);

    const second = await page(alice, { pageNum: 2 });
    expect(second.body.data.pageNum).toBe(2);
    expect(second.body.data.list.map((m) => m.messageId)).toEqual(ids.slice(0, 6).reverse());

    const unreadOnly = await page(alice, { status: 1, pageSize: 10 });
    expect(unreadOnly.body.data.total).toBe(54);
    expect(unreadOnly.body.data.list.every((m) => m.status === 0 || m.status === 1)).toBe(true);
    const readOnly = await page(alice, { status: 2 });
    expect(readOnly.body.data.list.map((m) => m.messageId)).toEqual([ids[1], ids[0]]);
    expect(readOnly.body.data.list[0]!.statusDesc).toBe('已读');
    const orders = await page(alice, { businessType: 1, status: null });
    expect(orders.body.data.list.map((m) => m.messageId)).toEqual([order]);
  });

  it("never lists another store's or another user's messages", async () => {
    await publishTo(t, alice, other);
    await publishTo(t, bob, store);
    expect((await page(alice)).body.data).toMatchObject({ list: [], total: 0 });
    expect((await page(alice, {}, other)).body.data.total).toBe(1);
  });
});

describe('operationMsgStatus', () => {
  it('marks one message read, and again without complaint (the console retries)', async () => {
    const id = await publishTo(t, alice, store);
    expect((await operate(alice, 3, [id])).body.data).toEqual({ affected: 1 });
    expect(await statusOf(id)).toBe(2);
    const again = await operate(alice, 3, [id]);
    expect(again.statusCode).toBe(200);
    expect(again.body.data).toEqual({ affected: 0 });
  });

  it('deletes one message, then answers 404 for it', async () => {
    const id = await publishTo(t, alice, store);
    expect((await operate(alice, 4, [id])).body.data).toEqual({ affected: 1 });
    expect(await statusOf(id)).toBeUndefined();
    const gone = await operate(alice, 4, [id]);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toMatchObject({ errorMsg: '消息不存在或已删除', errorCode: 'IM_MESSAGE_NOT_FOUND' });
  });

  it("answers 404 and touches nothing for another user's or another store's message", async () => {
    const bobs = await publishTo(t, bob, store);
    const elsewhere = await publishTo(t, alice, other);
    for (const type of [3, 4]) {
      expect((await operate(alice, type, [bobs])).statusCode).toBe(404);
      expect((await operate(alice, type, [elsewhere])).statusCode).toBe(404);
    }
    expect(await statusOf(bobs)).toBe(0);
    expect(await statusOf(elsewhere)).toBe(0);
  });

  it('marks all read and clears all in this inbox only', async () => {
    const mine = [await publishTo(t, alice, store), await publishTo(t, alice, store)];
    const elsewhere = await publishTo(t, alice, other);
    const bobs = await publishTo(t, bob, store);
    expect((await operate(alice, 1)).body.data).toEqual({ affected: 2 });
    expect(await Promise.all(mine.map(statusOf))).toEqual([2, 2]);
    expect((await unread(alice)).body.data.messageCount).toBe(0);

    expect((await operate(alice, 2)).body.data).toEqual({ affected: 2 });
    expect((await page(alice)).body.data.total).toBe(0);
    expect(await statusOf(elsewhere)).toBe(0);
    expect(await statusOf(bobs)).toBe(0);
  });
});

describe('dashboard', () => {
  it('feeds the unread-messages card with the caller’s unread count in the store', async () => {
    await publishTo(t, alice, store);
    await publishTo(t, alice, store);
    await publishTo(t, alice, other);
    const response = await imPost(t, '/api/dashboard/summary', alice, { storeCode: store.code });
    const counts = response.json<{
      data: { counts: { key: string; value: number | null; source: string | null }[] };
    }>().data.counts;
    expect(counts.find((c) => c.key === 'unreadMessages')).toEqual({
      key: 'unreadMessages',
      value: 2,
      source: 'messages',
    });
  });
});
