import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8091);

/**
 * E2E_SERVERS=2 runs the specs on two servers at once: each server has its own fresh database and its own project
 * of spec files, run one file after another as with one server, so a spec only meets what the earlier specs of its
 * own project left behind. SECOND_SERVER_SPECS balances the two by time; a new spec lands on the first server
 * unless it is listed. Without it (the default, and `npm test` for now) one server runs every spec.
 */
const servers = process.env.E2E_SERVERS === '2' ? 2 : 1;
const SECOND_SERVER_SPECS = [
  'inventory',
  'popups-order-numbers',
  'orders',
  'announcements',
  'coupons',
  'roles-menus-admin',
  'dashboard-profile',
  'valet-orders',
].map((name) => `**/${name}.spec.ts`);

const launchOptions = {
  // The binary, not Debian's /usr/bin/chromium wrapper: the wrapper adds --enable-gpu-rasterization, and without a
  // GPU that rasterizes every frame in SwiftShader's emulated GL. On members + inventory (9 tests) the binary took
  // 157 busy CPU-seconds against 170.
  executablePath: '/usr/lib/chromium/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ],
};

type WebServer = Extract<PlaywrightTestConfig['webServer'], unknown[]>[number];

/** A server on the embedded database with fresh demo data, without demo order traffic: specs decide which orders and messages exist. */
function server(serverPort: number): WebServer {
  return {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: '..',
    url: `http://127.0.0.1:${serverPort}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(serverPort),
      DATA_DIR: path.join(tmpdir(), `console-e2e-${process.pid}-${Date.now()}-${serverPort}`),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      DEMO_TRAFFIC_INTERVAL: '0',
    },
  };
}

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } };
const ports = servers === 2 ? [port, port + 100] : [port];

export default defineConfig({
  testDir: './specs',
  outputDir: '../test-results',
  timeout: 60_000,
  // These specs check behaviour, not speed (bench/ measures speed). On a two-core machine a full page load with
  // its lazy chunks, the session and the menus has taken over 10 s while the embedded database was busy, so a
  // wait of 10 s failed steps that were only slow; 20 s keeps a broken page failing within seconds of the bound.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: servers,
  // A failed spec runs once more and is reported as flaky, not hidden; the run fails only if it fails twice.
  // Working on one spec, pass --retries=0.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    // The run is CPU-bound on two cores; on sign-in, members and version-check (20 tests) these three took it
    // from 161 s wall / 254 busy CPU-seconds to 111 s / 155:
    // - a trace (DOM snapshots at every step) only when a failed test runs again, not for every test;
    trace: 'on-first-retry',
    launchOptions,
    // - one browser context per worker, reset between tests (cookies, storage, cache, pages), instead of a new
    //   context and renderer for every test (a spec that needs a second console opens its own context);
    reuseContext: true,
    // - the console honours prefers-reduced-motion (antd without motion), so no step waits out an animation.
    reducedMotion: 'reduce',
  },
  projects:
    servers === 2
      ? [
          {
            name: 'chromium',
            testIgnore: SECOND_SERVER_SPECS,
            workers: 1,
            use: { ...desktop, baseURL: `http://127.0.0.1:${ports[0]}` },
          },
          {
            name: 'chromium-2',
            testMatch: SECOND_SERVER_SPECS,
            workers: 1,
            use: { ...desktop, baseURL: `http://127.0.0.1:${ports[1]}` },
          },
        ]
      : [{ name: 'chromium', use: desktop }],
  webServer: ports.map(server),
});
