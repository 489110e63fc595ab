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
