import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_INTEGRATION_PATHS, SERVICE_TOKEN_HEADER } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVICE_TOKEN } from './config.js';
import {
  createScratchDatabase,
  findFreePort,
  startServerProcess,
  type ScratchDatabase,
} from './test/server-process.js';

/**
 * The server started as each deployment starts it: demo helpers exist on the embedded default only, and a
 * server on a real database accepts neither them nor the published demo service token (security issue, point 5).
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? null;
if (!adminUrl && process.env.REQUIRE_EXTERNAL_SERVICES)
  throw new Error('REQUIRE_EXTERNAL_SERVICES is set but TEST_DATABASE_URL is missing');

/** A cold start migrates a new database: slow on a loaded CI machine, so these tests wait longer. */
const START = { readyTimeoutMs: 100_000 };
const SLOW = { timeout: 120_000 };
const STRONG_TOKEN = randomBytes(24).toString('hex');
const pushOrder = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}${ORDER_INTEGRATION_PATHS.pushOrder}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: token },
    body: '{}',
  });

// The three starts are independent (their own database or data folder): run side by side, the file takes about
// as long as its slowest start instead of the sum of all three.
describe.concurrent('deployment modes', () => {
  describe.runIf(adminUrl)('a server on DATABASE_URL without a demo flag', () => {
    let scratch: ScratchDatabase;
    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl!, 'dm');
    });
    afterAll(() => scratch?.drop());

    it('serves no /dev/* helper and refuses the demo service token (production)', SLOW, async () => {
      const server = await startServerProcess({
        name: 'production',
        env: { NODE_ENV: 'production', DATABASE_URL: scratch.url, SERVICE_TOKEN: STRONG_TOKEN },
        ...START,
      });
      try {
        for (const url of ['/dev/sms-outbox?phone=13800000000', '/dev/captcha/any-uuid'])
          expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
        expect((await pushOrder(server.baseUrl, DEMO_SERVICE_TOKEN)).status).toBe(401);
        // The real token passes the guard and meets the body's own check.
        expect((await pushOrder(server.baseUrl, STRONG_TOKEN)).status).toBe(400);
        const config = await (await fetch(`${server.baseUrl}/app-config.js`)).text();
        expect(config).toContain('"demoMode":false');
      } finally {
        await server.stop();
      }
    });

    it('does not start in development either without its own service token', SLOW, async () => {
      const start = startServerProcess({ name: 'no-token', env: { DATABASE_URL: scratch.url } });
      await expect(start).rejects.toThrow(/SERVICE_TOKEN: required outside demo mode/);
    });
  });

  describe('the embedded default', () => {
    // A data directory per server: the tests run side by side, and two processes cannot share one PGlite.
    let dataDir: string;
    let metricsDataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'console-demo-'));
      metricsDataDir = await mkdtemp(path.join(tmpdir(), 'console-metrics-'));
    });
    afterAll(async () => {
      await rm(dataDir, { recursive: true, force: true });
      await rm(metricsDataDir, { recursive: true, force: true });
    });

    it('runs in demo mode and tells the login page so', SLOW, async () => {
      const server = await startServerProcess({ name: 'embedded', env: { DATA_DIR: dataDir }, ...START });
      try {
        const config = await (await fetch(`${server.baseUrl}/app-config.js`)).text();
        expect(config).toContain('"demoMode":true');
        expect((await fetch(`${server.baseUrl}/dev/sms-outbox?phone=13800000000`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    });

    it('serves metrics on METRICS_PORT, with the token, and closes it on SIGTERM', SLOW, async () => {
      const metricsPort = await findFreePort();
      const token = randomBytes(24).toString('hex');
      const server = await startServerProcess({
        name: 'metrics-port',
        env: { DATA_DIR: metricsDataDir, METRICS_PORT: String(metricsPort), METRICS_TOKEN: token },
        ...START,
      });
      const scrapeUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      try {
        await fetch(`${server.baseUrl}/api/health/live`);
        expect((await fetch(scrapeUrl)).status).toBe(401);
        const scraped = await fetch(scrapeUrl, { headers: { authorization: `Bearer ${token}` } });
        expect(scraped.status).toBe(200);
        const text = await scraped.text();
        expect(text).toMatch(
          /console_http_requests_total\{route="\/api\/health\/live",method="GET",status="2xx"\} 1/,
        );
        expect(text).toContain('console_process_resident_memory_bytes');
        // Only the scrape path exists there: the application's routes are not reachable on it.
        expect((await fetch(`http://127.0.0.1:${metricsPort}/api/health`)).status).toBe(404);
      } finally {
        await server.stop();
      }
      await expect(fetch(scrapeUrl)).rejects.toThrow();
    });
  });
});
