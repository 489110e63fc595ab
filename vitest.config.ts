import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Fault tests with wall-clock bounds (a p99 under a Redis stall, the next message within 5 s of a kill): they run
 * last and alone, so that another test file's CPU does not become their latency on CI's two cores.
 */
const FAULT_TESTS = [
  'apps/server/src/platform/redis-stall.api.test.ts',
  'apps/server/src/modules/im/nginx-failover.api.test.ts',
  'apps/server/src/plugins/long-database-outage.api.test.ts',
  'apps/server/src/modules/im/rolling-restart.api.test.ts',
];

/**
 * With a PostgreSQL server given (CI), the API suite runs once, on PostgreSQL, the database of every deployment,
 * and these API files run on the embedded PGlite as well: what they test takes another path there (backups, the
 * SQL monitor, the cluster lock, the pool metrics, prepared statements, demo mode, one connection under
 * concurrent polls, what the database refuses as input), and the rules of members and of stock between stores,
 * whose reads are prepared statements and whose transitions the stores run on either database. The browser
 * tests (e2e/) run the whole console on PGlite. Without a PostgreSQL server every test file runs on PGlite (docs/adr/0007-api-suite-once-on-postgresql.md).
 */
const EMBEDDED_DATABASE_API_TESTS = [
  'apps/server/src/app-jobs.api.test.ts',
  'apps/server/src/bad-input-sweep.api.test.ts',
  'apps/server/src/db/client.api.test.ts',
  'apps/server/src/db/paged-query.api.test.ts',
  'apps/server/src/db/named-statement.api.test.ts',
  'apps/server/src/http/input-fuzz.api.test.ts',
  'apps/server/src/modules/backups/backups-live-restore.api.test.ts',
  'apps/server/src/modules/backups/backups.api.test.ts',
  'apps/server/src/modules/dev/dev.api.test.ts',
  'apps/server/src/modules/health/health.api.test.ts',
  'apps/server/src/modules/im/im-delivery.api.test.ts',
  'apps/server/src/modules/im/message-batches.api.test.ts',
  'apps/server/src/modules/inventory/inventory-io.api.test.ts',
  'apps/server/src/modules/inventory/inventory.api.test.ts',
  'apps/server/src/modules/inventory/loans.api.test.ts',
  'apps/server/src/modules/inventory/request-goods.api.test.ts',
  'apps/server/src/modules/members/members.api.test.ts',
  'apps/server/src/modules/monitors/monitors.api.test.ts',
  'apps/server/src/modules/users-admin/user-list-indexes.api.test.ts',
  'apps/server/src/platform/jobs/cluster-lock.api.test.ts',
  'apps/server/src/platform/metrics/metrics.api.test.ts',
];
const postgresGiven = Boolean(process.env.TEST_DATABASE_URL);

/** Migrates the template database that every server test file copies (see the file). */
const SERVER_GLOBAL_SETUP = './apps/server/src/test/global-setup.ts';

/** The test files below `dir`, as paths from the repository root. */
const testFilesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.(?:tsx?|mjs)$/.test(file))
    .map((file) => `${dir}/${file}`);
const serverApiTests = testFilesUnder('apps/server/src').filter((file) => file.endsWith('.api.test.ts'));
const unknownEmbeddedTest = EMBEDDED_DATABASE_API_TESTS.find((file) => !serverApiTests.includes(file));
if (unknownEmbeddedTest)
  throw new Error(
    `${unknownEmbeddedTest}: listed in EMBEDDED_DATABASE_API_TESTS, but no server API test file`,
  );
const replacesModules = (file: string) => readFileSync(file, 'utf8').includes('vi.mock(');

const WEB_SRC = 'apps/web/src';
const webTests = testFilesUnder(WEB_SRC);
/**
 * Node test files share one module graph per worker: importing the whole server again for each file was about
 * 3 s of CPU a file, twice over (PGlite and PostgreSQL). Each file still builds its own app on its own database.
 * A shared graph would carry one file's vi.mock into the next, so a node test file that replaces a module is
 * refused here; fake through the app's dependencies instead (test/test-app.ts).
 */
const ISOLATE_NODE_FILES = false;
const nodeFileReplacingModules = ['apps/server/src', 'packages/contract/src', 'scripts', 'deploy']
  .flatMap(testFilesUnder)
  .find(replacesModules);
if (nodeFileReplacingModules)
  throw new Error(`${nodeFileReplacingModules}: node test files share modules, vi.mock is not allowed`);

/**
 * Web test files that replace modules (vi.mock) need a fresh module graph each; the others share one per
 * worker, which saves re-importing antd and React for every file (about 4× faster on CI's two cores). Web tests
 * fake the API and the notices with the spies of apps/web/src/test/fake-calls.ts rather than with vi.mock.
 */
const webProject = (name: string, include: string[], isolate: boolean) => ({
  esbuild: { jsx: 'automatic' as const },
  test: {
    name,
    include,
    environment: 'jsdom',
    isolate,
    setupFiles: isolate ? [] : ['apps/web/src/test/shared-worker.ts'],
    // Form-heavy component tests run alongside the server suites in `npm test`; 5 s is too tight there.
    testTimeout: 20_000,
  },
});

/** Unit and in-process API tests. Browser tests are Playwright's (e2e/). */
export default defineConfig({
  test: {
    // Vitest runs one worker fewer than the cores: one on CI's two, which left a core idle for 14 minutes.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
          isolate: ISOLATE_NODE_FILES,
        },
      },
      {
        test: {
          name: 'scripts',
          // apps/web/*.test.ts: the web build's own plugins (Node code, not the app).
          include: ['scripts/**/*.test.mjs', 'deploy/**/*.test.mjs', 'apps/web/*.test.ts'],
          environment: 'node',
          isolate: ISOLATE_NODE_FILES,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: postgresGiven
            ? serverApiTests.filter((file) => !EMBEDDED_DATABASE_API_TESTS.includes(file))
            : [],
          environment: 'node',
          isolate: ISOLATE_NODE_FILES,
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The API suite on a real PostgreSQL server, when one is given.
      ...(postgresGiven
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/src/**/*.api.test.ts'],
                exclude: FAULT_TESTS,
                environment: 'node',
                isolate: ISOLATE_NODE_FILES,
                env: { TEST_DB: 'postgres' },
                globalSetup: [SERVER_GLOBAL_SETUP],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
            {
              test: {
                name: 'server-pg-faults',
                include: FAULT_TESTS,
                environment: 'node',
                isolate: ISOLATE_NODE_FILES,
                env: { TEST_DB: 'postgres' },
                globalSetup: [SERVER_GLOBAL_SETUP],
                testTimeout: 60_000,
                hookTimeout: 60_000,
                // After every other project, one file at a time: their bounds are wall-clock.
                sequence: { groupOrder: 1 },
                fileParallelism: false,
              },
            },
          ]
        : []),
      webProject(
        'web',
        webTests.filter((file) => !replacesModules(file)),
        false,
      ),
      webProject('web-mocks', webTests.filter(replacesModules), true),
    ],
  },
});
