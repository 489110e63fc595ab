import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { IM_LIMITS, IM_PATHS } from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processQueryTimings } from '../../db/query-timing.js';
import { imMessages } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addStaff,
  addStore,
  poll,
  publishTo,
  waitUntil,
  type Staff,
  type TestStore,
} from './im-test-fixtures.js';

const LONG_POLL = { holdMs: 300, maxHeld: 5, sweepMs: 50 };

let t: TestApp;
let store: TestStore;
let other: TestStore;
let alice: Staff;
let bob: Staff;

const statusOf = async (id: number) =>
  (await t.db.select({ status: imMessages.status }).from(imMessages).where(eq(imMessages.id, id)))[0]?.status;
const idsOf = (r: Awaited<ReturnType<typeof poll>>) => r.json.data?.messageList.map((m) => m.messageId) ?? [];

/** Removes whatever an earlier test left, so each test starts from an empty inbox. */
const drain = (staff: Staff) => t.db.delete(imMessages).where(eq(imMessages.receiverId, staff.id));

beforeAll(async () => {
  t = await createTestApp({ longPoll: LONG_POLL });
  store = await addStore(t.db, '亦庄店');
  other = await addStore(t.db, '国贸店');
  alice = await addStaff(t, store, other);
  bob = await addStaff(t, store);
});
afterAll(() => t.close());

describe('listener: answering and holding', () => {
  it('answers at once when messages wait, oldest first, with the spec 3 fields', async () => {
    await drain(alice);
    const first = await publishTo(t, alice, store, { text: '第一条' });
    const second = await publishTo(t, alice, store, {
      businessType: 1,
      messageType: 1,
      text: '第二条',
      expandInfo: { id: 'SO1' },
    });
    // An expired hold answers an empty list: two messages mean the poll's first check answered it.
    const answer = await poll(t, alice, store);
    expect(answer.statusCode).toBe(200);
    expect(answer.json.data?.messageCount).toBe(2);
    expect(idsOf(answer)).toEqual([first, second]);
    const message = answer.json.data!.messageList[1] as unknown as Record<string, unknown>;
    expect(message).toMatchObject({
      businessType: 1,
      businessTypeName: '线上订单',
      status: 0,
      statusDesc: '未推送',
      receiver: alice.workCode,
      storeCode: store.code,
      messageContent: {
        messageType: 1,
        title: '您有新的线上订单',
        text: '第二条',
        expandInfo: { id: 'SO1' },
      },
      distanceMinutes: 0,
    });
    expect(message.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs((message.createTimeMs as number) - Date.now())).toBeLessThan(60_000);
  });

  it('answers a held poll when a message is published, before its hold expires', async () => {
    await drain(alice);
    const held = poll(t, alice, store);
    await waitUntil(() => t.app.messageCenter.hub.size() === 1);
    const id = await publishTo(t, alice, store);
    const answer = await held;
    expect(idsOf(answer)).toEqual([id]);
  });

  it('answers an empty list after holdMs when nothing arrives', async () => {
    await drain(alice);
    const started = Date.now();
    const answer = await poll(t, alice, store);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LONG_POLL.holdMs - 20);
    expect(answer.json.data).toEqual({ messageCount: 0, messageList: [] });
    expect(t.app.messageCenter.hub.size()).toBe(0);
  });

  it('answers at most `size` messages and counts all waiting', async () => {
    await drain(alice);
    for (let i = 0; i < 3; i++) await publishTo(t, alice, store);
    const answer = await poll(t, alice, store, { ackIds: [], size: 2 });
    expect(answer.json.data?.messageList).toHaveLength(2);
    expect(answer.json.data?.messageCount).toBe(3);
  });
});

describe('listener: delivery guarantees', () => {
  it('answers a message again until it is acknowledged (lost response), then never again', async () => {
    await drain(alice);
    const id = await publishTo(t, alice, store);
    expect(idsOf(await poll(t, alice, store))).toEqual([id]);
    // The answer was lost on the way: the client polls again without acknowledging it.
    expect(idsOf(await poll(t, alice, store, { ackIds: [] }))).toEqual([id]);
    expect(await statusOf(id)).toBe(0);
    const afterAck = await poll(t, alice, store, { ackIds: [id] });
    expect(afterAck.json.data).toEqual({ messageCount: 0, messageList: [] });
    expect(await statusOf(id)).toBe(1);
    expect(idsOf(await poll(t, alice, store, { ackIds: [] }))).toEqual([]);
  });

  it('acknowledges and checks a re-poll in one statement, answering what waits behind the acknowledged', async () => {
    await drain(alice);
    const first = await publishTo(t, alice, store);
    const second = await publishTo(t, alice, store);
    const answer = await poll(t, alice, store, { ackIds: [], size: 1 });
    expect(idsOf(answer)).toEqual([first]);
    expect(answer.json.data?.messageCount).toBe(2);
    // Reset first: the timings keep a bounded number of statements, and a whole suite would push these out.
    processQueryTimings.reset();
    expect(idsOf(await poll(t, alice, store, { ackIds: [first], size: 1 }))).toEqual([second]);
    const acknowledging = processQueryTimings.list().filter((s) => s.query.startsWith('with acked as'));
    expect(acknowledging.map((s) => [s.query.includes('lateral'), s.calls])).toEqual([[true, 1]]);
    expect(await statusOf(first)).toBe(1);
    expect(await statusOf(second)).toBe(0);
  });

  it("an id acknowledged by someone else's poll stays pending and reaches its receiver", async () => {
    await drain(alice);
    await drain(bob);
    const bobs = await publishTo(t, bob, store);
    // Sent together, so both checks go in one batch.
    const [forged, own] = await Promise.all([
      poll(t, alice, store, { ackIds: [bobs] }),
      poll(t, bob, store, { ackIds: [] }),
    ]);
    expect(forged.statusCode).toBe(200);
    expect(idsOf(own)).toEqual([bobs]);
    expect(await statusOf(bobs)).toBe(0);
  });

  it('marks on delivery when the client sends no ackIds', async () => {
    await drain(alice);
    const id = await publishTo(t, alice, store);
    const answer = await poll(t, alice, store, {});
    expect(idsOf(answer)).toEqual([id]);
    expect(answer.json.data?.messageList[0]?.status).toBe(1);
    expect(await statusOf(id)).toBe(1);
    expect(idsOf(await poll(t, alice, store, {}))).toEqual([]);
  });

  it('delivers a message whose wake-up was lost, through the sweeper', async () => {
    await drain(alice);
    const held = poll(t, alice, store);
    await waitUntil(() => t.app.messageCenter.hub.size() === 1);
    const { producer } = t.app.messageCenter;
    // Inside a transaction, without the `wake` a business module should call after commit.
    const { messageIds } = await t.db.transaction((tx) =>
      producer.publish(tx, {
        storeId: store.id,
        receiverIds: [alice.id],
        businessType: 7,
        messageType: 1,
        text: '没有唤醒',
        source: 'test',
      }),
    );
    // Without the sweeper the hold would expire with an empty list.
    const answer = await held;
    expect(idsOf(answer)).toEqual(messageIds);
  });

  // PGlite has one connection: an open transaction would block the poll itself. PostgreSQL only.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'loses nothing when transactions commit out of order',
    async () => {
      await drain(alice);
      let commitFirst!: () => void;
      const firstCommitted = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstId = 0;
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const slow = t.db.transaction(async (tx) => {
        const outcome = await t.app.messageCenter.producer.publish(tx, {
          storeId: store.id,
          receiverIds: [alice.id],
          businessType: 7,
          messageType: 1,
          text: '先开始后提交',
          source: 'test',
        });
        firstId = outcome.messageIds[0]!;
        inserted();
        await firstCommitted;
        return outcome;
      });
      await firstInserted;
      const secondId = await publishTo(t, alice, store, { text: '后开始先提交' });
      expect(secondId).toBeGreaterThan(firstId);
      const answer = await poll(t, alice, store);
      expect(idsOf(answer)).toEqual([secondId]);
      commitFirst();
      t.app.messageCenter.producer.wake((await slow).wakeKeys);
      const next = await poll(t, alice, store, { ackIds: [secondId] });
      expect(idsOf(next)).toEqual([firstId]);
    },
  );
});

describe('listener: capacity and lifecycle', () => {
  it('answers 555 with a Chinese message when the hub is full', async () => {
    await t.db.delete(imMessages).where(inArray(imMessages.receiverId, [alice.id, bob.id]));
    const held = Array.from({ length: LONG_POLL.maxHeld }, () => poll(t, bob, store));
    await waitUntil(() => t.app.messageCenter.hub.size() === LONG_POLL.maxHeld);
    const waiting = await publishTo(t, alice, store);
    const refused = await poll(t, alice, store, { ackIds: [waiting] });
    expect(refused.statusCode).toBe(IM_LIMITS.busyStatus);
    // Turned away, but the acknowledgement it carried is kept.
    expect(await statusOf(waiting)).toBe(1);
    expect(refused.json.errorMsg).toBe('消息服务繁忙，请稍后重试');
    expect(refused.json.errorCode).toBe('IM_BUSY');
    await Promise.all(held);
    expect(t.app.messageCenter.hub.size()).toBe(0);
  });

  it('drops the held poll when the client disconnects', async () => {
    const own = await createTestApp({ longPoll: { ...LONG_POLL, holdMs: 20_000 } });
    try {
      const shop = await addStore(own.db);
      const staff = await addStaff(own, shop);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = own.app.server.address() as AddressInfo;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: IM_PATHS.listener,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      });
      request.on('error', () => undefined);
      request.end(JSON.stringify({ receiver: staff.workCode, storeCode: shop.code, ackIds: [] }));
      await waitUntil(() => own.app.messageCenter.hub.size() === 1);
      request.destroy();
      await waitUntil(() => own.app.messageCenter.hub.size() === 0);
    } finally {
      await own.close();
    }
  });

  it("holds a poll the proxy stamped only for what is left of the stamp's hold (a replayed poll)", async () => {
    const own = await createTestApp({
      trustProxy: ['127.0.0.1'],
      longPoll: { ...LONG_POLL, holdMs: 20_000 },
    });
    try {
      const shop = await addStore(own.db);
      const staff = await addStaff(own, shop);
      const stampedAgo = (ms: number) => ({
        'x-request-start': `t=${((Date.now() - ms) / 1000).toFixed(3)}`,
      });
      const listen = (headers: Record<string, string>) =>
        own.app.inject({
          method: 'POST',
          url: IM_PATHS.listener,
          headers: { ...headers, authorization: `Bearer ${staff.token}` },
          payload: { receiver: staff.workCode, storeCode: shop.code, ackIds: [] },
        });
      // Received by nginx 19.5 s ago (then lost with its instance): 0.5 s of the 20 s hold are left.
      let started = Date.now();
      let answer = await listen(stampedAgo(19_500));
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toEqual({ messageCount: 0, messageList: [] });
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(Date.now() - started).toBeLessThan(3_000);
      // Older than the hold: answered after the first look at the inbox.
      started = Date.now();
      answer = await listen(stampedAgo(60_000));
      expect(answer.json().data).toEqual({ messageCount: 0, messageList: [] });
      expect(Date.now() - started).toBeLessThan(2_000);
      // Not behind a proxy: the stamp means nothing.
      const direct = await createTestApp({ longPoll: { ...LONG_POLL, holdMs: 1_500 } });
      try {
        const directShop = await addStore(direct.db);
        const directStaff = await addStaff(direct, directShop);
        started = Date.now();
        await direct.app.inject({
          method: 'POST',
          url: IM_PATHS.listener,
          headers: { ...stampedAgo(60_000), authorization: `Bearer ${directStaff.token}` },
          payload: { receiver: directStaff.workCode, storeCode: directShop.code, ackIds: [] },
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
      } finally {
        await direct.close();
      }
    } finally {
      await own.close();
    }
  });

  it('answers every held poll with an empty list when the app closes', async () => {
    const own = await createTestApp({ longPoll: { ...LONG_POLL, holdMs: 20_000 } });
    const shop = await addStore(own.db);
    const staff = await addStaff(own, shop);
    const held = poll(own, staff, shop);
    await waitUntil(() => own.app.messageCenter.hub.size() === 1);
    const started = Date.now();
    await own.close();
    const answer = await held;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.statusCode).toBe(200);
    expect(answer.json.data).toEqual({ messageCount: 0, messageList: [] });
  });
});

describe('listener: isolation', () => {
  it("never answers another store's or another user's messages", async () => {
    await t.db.delete(imMessages).where(inArray(imMessages.receiverId, [alice.id, bob.id]));
    await publishTo(t, alice, other, { text: '国贸店的消息' });
    await publishTo(t, bob, store, { text: '给 Bob 的消息' });
    expect(idsOf(await poll(t, alice, store))).toEqual([]);
    const forOther = await poll(t, alice, other);
    expect(
      forOther.json.data?.messageList.map((m) => (m as unknown as { storeCode: string }).storeCode),
    ).toEqual([other.code]);
  });
});
