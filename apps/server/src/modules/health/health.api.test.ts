import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { HEALTH_PATHS, IM_PATHS } from '@console/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeGracefully } from '../../shutdown.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addStaff, addStore, waitUntil } from '../im/im-test-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

describe('liveness and readiness', () => {
  it('liveness answers without asking anything else', async () => {
    const response = await get(t, HEALTH_PATHS.live);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ok' });
  });

  it('readiness answers ready with the database migrated', async () => {
    const response = await get(t, HEALTH_PATHS.ready);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'ready' });
  });

  it('readiness answers 503 while the database lacks a migration of this build', async () => {
    const own = await createTestApp();
    try {
      await own.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const response = await get(own, HEALTH_PATHS.ready);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ errorCode: 'NOT_READY', errorMsg: '数据库尚未完成升级' });
      expect((await get(own, HEALTH_PATHS.live)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('readiness answers 503 once shutdown begins, liveness still 200', async () => {
    const own = await createTestApp();
    try {
      own.app.lifecycle.beginShutdown();
      const response = await get(own, HEALTH_PATHS.ready);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ errorCode: 'NOT_READY', errorMsg: '服务正在停止' });
      expect((await get(own, HEALTH_PATHS.live)).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('graceful close', () => {
  it('stops accepting, then answers the held poll empty with Connection: close, then closes', async () => {
    const own = await createTestApp({ longPoll: { holdMs: 20_000, maxHeld: 100, sweepMs: 60_000 } });
    try {
      const shop = await addStore(own.db);
      const staff = await addStaff(own, shop);
      await own.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = own.app.server.address() as AddressInfo;
      const answered = new Promise<{ status: number; connection: string | undefined; body: string }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: IM_PATHS.listener,
              agent: new http.Agent({ keepAlive: true }),
              headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
            },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                resolve({ status: response.statusCode!, connection: response.headers.connection, body }),
              );
            },
          );
          request.on('error', reject);
          request.end(JSON.stringify({ receiver: staff.workCode, storeCode: shop.code, ackIds: [] }));
        },
      );
      await waitUntil(() => own.app.messageCenter.hub.size() === 1);

      let refusedBeforeAnswer: boolean | null = null;
      const closing = closeGracefully(own.app, 0);
      expect(own.app.lifecycle.closing).toBe(true);
      // The listener is closed before the held poll is answered: a new connection is refused.
      refusedBeforeAnswer = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
      const answer = await answered;
      await closing;
      expect(refusedBeforeAnswer).toBe(true);
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
      expect(JSON.parse(answer.body).data).toEqual({ messageCount: 0, messageList: [] });
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
