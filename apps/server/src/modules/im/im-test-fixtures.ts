import { randomInt } from 'node:crypto';
import { IM_PATHS } from '@console/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { shopGroups, stores, users, userStores } from '../../db/schema.js';
import { bearer, createUser, signIn } from '../../test/fixtures.js';
import type { TestApp } from '../../test/test-app.js';
import type { PublishInput } from './message-producer.js';

/** Test helpers of the message-center suites (API tests, the multi-instance tests and the benchmark). */

export type Staff = { id: number; workCode: string; token: string };
export type TestStore = { id: number; code: string };

const suffix = randomInt(1000, 9999);
let storeSequence = 0;

/** A store (in a fresh shop group) with a unique code. */
export async function addStore(db: Database, name = '测试门店'): Promise<TestStore> {
  const [group] = await db
    .insert(shopGroups)
    .values({ frontTitle: '消息测试区', sort: 1 })
    .returning({ id: shopGroups.id });
  const code = `IM${suffix}${++storeSequence}`;
  const [store] = await db
    .insert(stores)
    .values({ shopCode: code, shopName: name, businessScopeName: name, shopGroupId: group!.id })
    .returning({ id: stores.id });
  return { id: store!.id, code };
}

/** A signed-in user authorised for the given stores. */
export async function addStaff(t: TestApp, ...storeList: TestStore[]): Promise<Staff> {
  const user = await createUser(t.db);
  if (storeList.length)
    await t.db.insert(userStores).values(storeList.map((s) => ({ userId: user.id, storeId: s.id })));
  const [row] = await t.db.select({ workCode: users.workCode }).from(users).where(eq(users.id, user.id));
  return { id: user.id, workCode: row!.workCode, token: await signIn(t.app, user) };
}

export function imPost(t: TestApp, url: string, staff: Staff | null, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: staff ? bearer(staff.token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** One listener call of `staff` in `store`; `ackIds` undefined = mark on delivery. */
export async function poll(
  t: TestApp,
  staff: Staff,
  store: TestStore,
  body: { ackIds?: number[]; size?: number } = { ackIds: [] },
) {
  const response = await imPost(t, IM_PATHS.listener, staff, {
    receiver: staff.workCode,
    storeCode: store.code,
    ...body,
  });
  return {
    statusCode: response.statusCode,
    json: response.json<{
      data: { messageCount: number; messageList: { messageId: number; status: number }[] } | null;
      errorMsg: string | null;
      errorCode: string | null;
    }>(),
  };
}

/** Publishes one general reminder (business type 7, message type 1) and wakes the polls. */
export async function publishTo(
  t: TestApp,
  staff: Staff,
  store: TestStore,
  overrides: Partial<PublishInput> = {},
): Promise<number> {
  const { messageIds } = await t.app.messageCenter.producer.publishNow({
    storeId: store.id,
    receiverIds: [staff.id],
    businessType: 7,
    messageType: 1,
    text: '测试消息',
    source: 'test',
    ...overrides,
  });
  return messageIds[0]!;
}

export const waitUntil = async (condition: () => boolean, timeoutMs = 2_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
