/**
 * Suites against a real Redis run when TEST_REDIS_URL is set. CI sets REQUIRE_EXTERNAL_SERVICES so a missing
 * URL fails the run instead of silently skipping the suite.
 */
export function testRedisUrl(): string | null {
  const url = process.env.TEST_REDIS_URL ?? null;
  if (!url && process.env.REQUIRE_EXTERNAL_SERVICES) {
    throw new Error('REQUIRE_EXTERNAL_SERVICES is set but TEST_REDIS_URL is missing');
  }
  return url;
}

/**
 * Suites that start real server processes on a scratch PostgreSQL database with Redis: they run in the
 * `server-pg` project when both TEST_DATABASE_URL and TEST_REDIS_URL are set, and fail under
 * REQUIRE_EXTERNAL_SERVICES when either is missing. `adminUrl` is where scratch databases are created.
 */
export function multiInstanceServices():
  { enabled: true; adminUrl: string } | { enabled: false; adminUrl: null } {
  const redisUrl = testRedisUrl();
  const adminUrl = process.env.TEST_DATABASE_URL ?? null;
  if (!adminUrl && process.env.REQUIRE_EXTERNAL_SERVICES)
    throw new Error('REQUIRE_EXTERNAL_SERVICES is set but TEST_DATABASE_URL is missing');
  return process.env.TEST_DB === 'postgres' && adminUrl !== null && redisUrl !== null
    ? { enabled: true, adminUrl }
    : { enabled: false, adminUrl: null };
}
