import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IM_PATHS,
  SERVICE_TOKEN_HEADER,
} from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countStatements } from '../../test/statement-calls.js';
import { imMessages, imPublishKeys } from '../../db/schema.js';
import { nextIp, setEnabled } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addStaff, addStore, poll, type Staff, type TestStore } from './im-test-fixtures.js';

const TOKEN = 'integration-token-for-tests-0123456789abcdef';

let t: TestApp;
let store: TestStore;
let empty: TestStore;
let alice: Staff;
let bob: Staff;
let stranger: Staff;
let disabled: Staff;

const publish = (payload: unknown, token: string | null = TOKEN, ip = nextIp(), key?: string) =>
  t.app.inject({
    method: 'POST',
    url: IM_PATHS.publish,
    remoteAddress: ip,
    headers: {
      ...(token === null ? {} : { [SERVICE_TOKEN_HEADER]: token }),
      ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }),
    },
    payload: payload as object,
  });
const publishWithKey = (payload: unknown, key: string) => publish(payload, TOKEN, nextIp(), key);
const idsOf = (response: { json: <T>() => T }) =>
  response.json<{ data: { messageIds: number[] } }>().data.messageIds;
const valid = (extra: Record<string, unknown> = {}) => ({
  storeCode: store.code,
  businessType: 5,
  messageType: 21,
  text: '门店要货单待审核',
  expandInfo: { id: 'RG202405010001' },
  ...extra,
});
const rowsOf = (ids: number[]) => t.db.select().from(imMessages).where(inArray(imMessages.id, ids));

beforeAll(async () => {
  t = await createTestApp({ serviceToken: TOKEN, longPoll: { holdMs: 2_000, maxHeld: 5, sweepMs: 50 } });
  store = await addStore(t.db, '亦庄店');
  empty = await addStore(t.db, '空门店');
  const elsewhere = await addStore(t.db, '天河店');
  alice = await addStaff(t, store);
  bob = await addStaff(t, store);
  disabled = await addStaff(t, store);
  await setEnabled(t.db, [disabled.id], false);
  stranger = await addStaff(t, elsewhere);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(imMessages).where(eq(imMessages.storeId, store.id));
});

describe('POST /api/im/publish', () => {
  it('publishes to named receivers with the catalogue title, and a held poll receives it', async () => {
    const held = poll(t, alice, store);
    const response = await publish(valid({ receivers: [alice.workCode] }));
    expect(response.statusCode).toBe(200);
    const { messageIds } = response.json<{ data: { messageIds: number[] } }>().data;
    expect(messageIds).toHaveLength(1);
    const [row] = await rowsOf(messageIds);
    expect(row).toMatchObject({
      receiverId: alice.id,
      storeId: store.id,
      businessType: 5,
      messageType: 21,
      title: '要货审核',
      status: 0,
      source: 'publish-api',
      expandInfo: { id: 'RG202405010001' },
    });
    const answer = await held;
    expect(answer.json.data?.messageList.map((m) => m.messageId)).toEqual(messageIds);
  });

  it('resolves and writes named receivers in one statement, one message per code in the order given', async () => {
    const calls = countStatements();
    const response = await publish(valid({ receivers: [bob.workCode, alice.workCode, bob.workCode] }));
    expect(response.statusCode).toBe(200);
    expect(calls('with wanted as')).toBe(1);
    expect(calls('select "stores"."id", "users"."id"')).toBe(0);
    const ids = idsOf(response);
    const rows = await rowsOf(ids);
    expect(ids.map((id) => rows.find((r) => r.id === id)?.receiverId)).toEqual([bob.id, alice.id]);
  });

  it('publishes to every enabled staff member of the store when no receivers are named', async () => {
    const response = await publish(valid({ title: '自定义标题' }));
    expect(response.statusCode).toBe(200);
    const rows = await rowsOf(response.json<{ data: { messageIds: number[] } }>().data.messageIds);
    expect(rows.map((r) => r.receiverId).sort((a, b) => a - b)).toEqual(
      [alice.id, bob.id].sort((a, b) => a - b),
    );
    expect(rows.every((r) => r.title === '自定义标题')).toBe(true);
  });

  it.each([
    ['missing', null],
    ['wrong', 'not-the-token'],
    ['almost right', `${TOKEN}x`],
  ])('answers 401 for a %s service token', async (_name, token) => {
    const response = await publish(valid(), token);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorMsg: '服务令牌无效', errorCode: 'SERVICE_TOKEN_INVALID' });
  });

  it('does not accept a console session instead of the service token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: IM_PATHS.publish,
      headers: { authorization: `Bearer ${alice.token}` },
      payload: valid(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown store', async () => {
    const response = await publish(valid({ storeCode: 'NOPE01' }));
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMsg).toBe('门店不存在');
  });

  it('answers 404 for an unknown store with named receivers too', async () => {
    const response = await publish(valid({ storeCode: 'NOPE01', receivers: [alice.workCode] }));
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMsg).toBe('门店不存在');
  });

  it('answers 422 naming receivers that are not enabled staff of the store, and creates nothing', async () => {
    const response = await publish(
      valid({ receivers: [alice.workCode, stranger.workCode, disabled.workCode, 'NOBODY1'] }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errorMsg).toBe(
      `以下工号不是该门店员工：${stranger.workCode}、${disabled.workCode}、NOBODY1`,
    );
    expect(await t.db.$count(imMessages, eq(imMessages.storeId, store.id))).toBe(0);
  });

  it('answers 422 when the store has nobody to receive', async () => {
    const response = await publish(valid({ storeCode: empty.code }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errorMsg).toBe('该门店没有可接收消息的员工');
  });

  it.each([
    [{ messageType: 1 }, '消息类型与业务类型不匹配'],
    [{ businessType: 99 }, '业务类型不存在'],
    [{ text: '' }, '缺少消息内容'],
    [{ text: '字'.repeat(501) }, '消息内容不能超过500字'],
    [{ title: '标'.repeat(65) }, '标题过长'],
    [{ receivers: [] }, '接收人列表不能为空，不填则发给门店全部员工'],
    [{ expandInfo: { url: 'x'.repeat(2_100) } }, '扩展信息过长'],
    [{ expandInfo: { nested: { a: 1 } } }, '扩展信息的值只能是文字或数字'],
  ])('rejects %j with a Chinese 400', async (extra, message) => {
    const response = await publish(valid(extra));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe(message);
  });

  it('validates message types against the families of spec 4.9', async () => {
    expect((await publish(valid({ businessType: 9, messageType: 5 }))).statusCode).toBe(200);
    expect((await publish(valid({ businessType: 6, messageType: 38 }))).statusCode).toBe(200);
    expect((await publish(valid({ businessType: 6, messageType: 21 }))).statusCode).toBe(400);
    expect((await publish(valid({ businessType: 1, messageType: 3 }))).statusCode).toBe(400);
  });
});

describe('POST /api/im/publish with an Idempotency-Key', () => {
  const key = () => `order-42:${Math.random().toString(36).slice(2)}`;

  it('answers a repeated call with the first call’s ids and creates nothing more', async () => {
    const k = key();
    const first = await publishWithKey(valid(), k);
    expect(first.statusCode).toBe(200);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    const again = await publishWithKey(valid(), k);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(idsOf(again)).toEqual(idsOf(first));
    expect(await t.db.select().from(imMessages).where(eq(imMessages.storeId, store.id))).toHaveLength(
      idsOf(first).length,
    );
  });

  it('creates one message when the same key arrives twice at once', async () => {
    const k = key();
    const [a, b] = await Promise.all([publishWithKey(valid(), k), publishWithKey(valid(), k)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(idsOf(a)).toEqual(idsOf(b));
    expect(await t.db.select().from(imMessages).where(eq(imMessages.storeId, store.id))).toHaveLength(
      idsOf(a).length,
    );
  });

  it('refuses the key with another message with 409 and creates nothing', async () => {
    const k = key();
    const first = await publishWithKey(valid(), k);
    const other = await publishWithKey(valid({ text: '另一条消息' }), k);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ errorCode: 'IM_IDEMPOTENCY_KEY_REUSED' });
    expect(other.json().errorMsg).toContain('幂等键');
    const rows = await t.db.select().from(imMessages).where(eq(imMessages.storeId, store.id));
    expect(rows.map((r) => r.id)).toEqual(idsOf(first));
  });

  it('keeps no key of a call that failed, so the retry can succeed', async () => {
    const k = key();
    expect((await publishWithKey(valid({ storeCode: empty.code }), k)).statusCode).toBe(422);
    expect(await t.db.select().from(imPublishKeys).where(eq(imPublishKeys.key, k))).toHaveLength(0);
    expect((await publishWithKey(valid(), k)).statusCode).toBe(200);
  });

  it('refuses a malformed key with 400 naming it', async () => {
    for (const bad of ['', 'has space', 'x'.repeat(129), '中文键']) {
      const response = await publishWithKey(valid(), bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toContain('Idempotency-Key');
    }
  });

  it('forgets keys after a day', async () => {
    const k = key();
    const first = await publishWithKey(valid(), k);
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await t.app.jobs.runNow('im.publish-keys-prune')).toMatchObject({ ok: true });
    const later = await publishWithKey(valid(), k);
    expect(later.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(idsOf(later)).not.toEqual(idsOf(first));
  });
});

describe('the producer', () => {
  it('rejects a pair that is not in the catalogue with 422', async () => {
    await expect(
      t.app.messageCenter.producer.publishNow({
        storeId: store.id,
        receiverIds: [alice.id],
        businessType: 1,
        messageType: 9,
        text: '不存在的消息类型',
        source: 'test',
      }),
    ).rejects.toMatchObject({ statusCode: 422, message: '消息类型与业务类型不匹配' });
  });

  it('leaves no message when the business transaction rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.app.messageCenter.producer.publish(tx, {
          storeId: store.id,
          businessType: 7,
          messageType: 1,
          text: '回滚',
          source: 'test',
        });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    expect(await t.db.$count(imMessages, eq(imMessages.storeId, store.id))).toBe(0);
  });
});

// Last in the file: it uses up the credential's calls for the rest of the minute.
describe('the publish rate limit', () => {
  it('limits the credential to 1200 calls a minute from any address; a wrong token counts per address', async () => {
    // Earlier cases of this file used some of the minute's calls: the limit comes at the 1200th at the latest.
    let calls = 0;
    let last = 0;
    while (last !== 429 && calls <= 1200) {
      last = (await publish({}, TOKEN, nextIp())).statusCode;
      calls++;
    }
    expect(last).toBe(429);
    expect(await publish({}, 'a-wrong-token-from-a-new-address', nextIp())).toMatchObject({
      statusCode: 401,
    });
  });
});
