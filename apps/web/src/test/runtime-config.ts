import { afterAll, beforeEach } from 'vitest';
import { runtimeConfig, type RuntimeConfig } from '../lib/env';

/**
 * Gives the app's runtime config (lib/env.ts, a plain mutable object read when a module starts its work) these
 * values before each test of the file, and its own back when the file ends: the `web` test project shares one
 * module graph per worker (vitest.config.ts), so the next file must not see them. Returns the config, which a
 * test may change further.
 */
export function withRuntimeConfig(values: Partial<RuntimeConfig>): RuntimeConfig {
  const before = { ...runtimeConfig };
  beforeEach(() => {
    Object.assign(runtimeConfig, values);
  });
  afterAll(() => {
    Object.assign(runtimeConfig, before);
  });
  return runtimeConfig;
}
