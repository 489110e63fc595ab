import { IDEMPOTENCY_KEY_HEADER, IM_PATHS, SERVICE_TOKEN_HEADER } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { imMessages } from '../db/schema.js';
import { addStaff, addStore, type TestStore } from '../modules/im/im-test-fixtures.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createPostgresCopy } from '../test/test-database.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handler.js';

const TOKEN = 'integration-token-for-tests-0123456789abcdef';

/**
 * PostgreSQL goes away under a running app (a proxy between them cuts every connection and refuses new ones)
 * and comes back: callers are told to retry, not that the server failed, and the app serves again without a
 * restart. Upstream retries with an idempotency key then create each message once (issue 16, point 4).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a database outage', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let store: TestStore;

  beforeAll(async () => {
    const direct = new URL(await createPostgresCopy());
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const database = await openDatabase({ databaseUrl: proxied.toString() }, 5);
    t = await createTestApp({ serviceToken: TOKEN }, { database });
    store = await addStore(t.db, '亦庄店');
    await addStaff(t, store);
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await t.close();
    await proxy.close();
  });

  const publish = (text: string, key: string) =>
    t.app.inject({
      method: 'POST',
      url: IM_PATHS.publish,
      headers: { [SERVICE_TOKEN_HEADER]: TOKEN, [IDEMPOTENCY_KEY_HEADER]: key },
      payload: { storeCode: store.code, businessType: 5, messageType: 21, text },
    });
  const rowsWithText = (text: string) => t.db.select().from(imMessages).where(eq(imMessages.text, text));

  it('answers 503 with Retry-After while it is away; the retry after it is back creates the message once', async () => {
    expect((await publish('停机前的消息', 'before-outage')).statusCode).toBe(200);

    await proxy.cut();
    const during = await publish('停机期间的消息', 'during-outage');
    expect(during.statusCode).toBe(503);
    expect(during.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(during.json()).toMatchObject({
      errorCode: 'DATABASE_UNAVAILABLE',
      errorMsg: '数据库暂时不可用，请稍后重试',
    });

    await proxy.restore();
    const retried = await publish('停机期间的消息', 'during-outage');
    expect(retried.statusCode).toBe(200);
    const again = await publish('停机期间的消息', 'during-outage');
    expect(again.json()).toEqual(retried.json());
    expect(await rowsWithText('停机期间的消息')).toHaveLength(1);
  });
});
