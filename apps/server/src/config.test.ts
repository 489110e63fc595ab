import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_SERVICE_TOKEN, loadConfig } from './config.js';

const strongToken = 'Zq8v3TnW1xYb6LkP0sDf9GhJ2mQe7RuA5cVi4Ko';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 8080', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: null,
      redisUrl: null,
      seedDemo: true,
      demoMode: true,
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.serviceToken).toBe(DEMO_SERVICE_TOKEN);
  });

  it('does not seed demo data on PostgreSQL unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/console', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*SEED_DEMO/,
    );
  });

  it('refuses to start in production without a service token', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      /SERVICE_TOKEN: required in production/,
    );
  });

  it.each([
    ['too short', 'short-token'],
    ['the demo value', DEMO_SERVICE_TOKEN],
    ['low variety', 'a'.repeat(40)],
  ])('refuses a weak service token in production (%s)', (_name, token) => {
    expect(() => loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: token })).toThrowError(/too weak/);
  });

  it('never seeds demo accounts or exposes demo helpers in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: strongToken });
    expect(config).toMatchObject({ production: true, demoMode: false, seedDemo: false });
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: strongToken, SEED_DEMO: 'true' }),
    ).toThrowError(/never seeded in production/);
  });
});
