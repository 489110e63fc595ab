import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Migrates the template database that every server test file copies (see the file). */
const SERVER_GLOBAL_SETUP = './apps/server/src/test/global-setup.ts';

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
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: [SERVER_GLOBAL_SETUP],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The API suite again on a real PostgreSQL server, when one is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-pg',
                include: ['apps/server/src/**/*.api.test.ts'],
                environment: 'node',
                env: { TEST_DB: 'postgres' },
                globalSetup: [SERVER_GLOBAL_SETUP],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Form-heavy component tests run alongside the server suites in `npm test`; 5 s is too tight there.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
