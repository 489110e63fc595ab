import type { Redis } from 'ioredis';
import type { AppDeps, AppInstance } from '../app-types.js';
import { buildApp, type BuildOptions } from '../app.js';
import { testConfig, type AppConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { createOutboxSmsProvider } from '../platform/sms.js';
import { openTestDatabase } from './test-database.js';

/** A clock tests can move forward. */
export function createTestClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

export type TestApp = {
  app: AppInstance;
  db: Database;
  deps: AppDeps;
  clock: ReturnType<typeof createTestClock>;
  close: () => Promise<void>;
};

/** The real application on a fresh real database (or the one given), for `app.inject` tests. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: { redis?: Redis; build?: BuildOptions; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const handle = options.database ?? (await openTestDatabase());
  const clock = createTestClock();
  const deps: AppDeps = {
    config: testConfig(overrides),
    db: handle.db,
    dbKind: handle.kind,
    clock,
    sms: createOutboxSmsProvider(handle.db),
    redis: options.redis ?? null,
  };
  const app = await buildApp(deps, options.build);
  await app.ready();
  return {
    app,
    db: handle.db,
    deps,
    clock,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}
