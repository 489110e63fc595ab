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

  it('turns demo mode off with DATABASE_URL and then needs a real service token', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/console' })).toThrowError(
      /SERVICE_TOKEN: required outside demo mode/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db/console', SERVICE_TOKEN: DEMO_SERVICE_TOKEN }),
    ).toThrowError(/SERVICE_TOKEN: too weak/);
    const config = loadConfig({ DATABASE_URL: 'postgres://db/console', SERVICE_TOKEN: strongToken });
    expect(config).toMatchObject({ demoMode: false, seedDemo: false, serviceToken: strongToken });
  });

  it('allows demo mode with DATABASE_URL only when asked for and the database is on this machine', () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const config = loadConfig({ DATABASE_URL: `postgres://root@${host}:5432/demo`, DEMO_MODE: 'true' });
      expect(config).toMatchObject({ demoMode: true, seedDemo: false, serviceToken: DEMO_SERVICE_TOKEN });
    }
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db.example.com/console', DEMO_MODE: 'true' }),
    ).toThrowError(/DEMO_MODE: only with a DATABASE_URL on this machine/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/demo', DEMO_MODE: 'true', SEED_DEMO: 'true' })
        .seedDemo,
    ).toBe(true);
  });

  it('never seeds demo data outside demo mode', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://127.0.0.1/console',
        SERVICE_TOKEN: strongToken,
        SEED_DEMO: 'true',
      }),
    ).toThrowError(/SEED_DEMO: demo data needs demo mode/);
  });

  it('lets the embedded database switch demo mode off', () => {
    expect(() => loadConfig({ DEMO_MODE: 'false' })).toThrowError(/SERVICE_TOKEN: required/);
    expect(loadConfig({ DEMO_MODE: 'false', SERVICE_TOKEN: strongToken })).toMatchObject({
      demoMode: false,
      seedDemo: false,
    });
  });

  it("takes the scheduled jobs' heartbeat and stale limit, the limit at least three heartbeats", () => {
    expect(loadConfig({}).jobTiming).toEqual({ heartbeatMs: 10_000, staleAfterMs: 60_000 });
    expect(loadConfig({ JOB_HEARTBEAT_MS: '300', JOB_STALE_AFTER_MS: '2000' }).jobTiming).toEqual({
      heartbeatMs: 300,
      staleAfterMs: 2_000,
    });
    expect(() => loadConfig({ JOB_HEARTBEAT_MS: '1000', JOB_STALE_AFTER_MS: '2000' })).toThrowError(
      /JOB_STALE_AFTER_MS: must be at least three times JOB_HEARTBEAT_MS/,
    );
  });

  it('trusts forwarded headers from nobody, everybody or only the listed proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx please' })).toThrow(/TRUST_PROXY/);
  });

  it('waits SHUTDOWN_DRAIN_MS not-ready before closing, none by default', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '5000' }).shutdownDrainMs).toBe(5_000);
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
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SERVICE_TOKEN: strongToken, DEMO_MODE: 'true' }),
    ).toThrowError(/DEMO_MODE: never in production/);
  });

  it('turns metrics on by a token of 32 characters or a port of their own, never the service token', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
    expect(
      loadConfig({ METRICS_TOKEN: strongToken, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics,
    ).toEqual({
      token: strongToken,
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(/METRICS_TOKEN: at least 32/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrowError(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: DEMO_SERVICE_TOKEN })).toThrowError(
      /METRICS_TOKEN: must differ/,
    );
    expect(() =>
      loadConfig({ DEMO_MODE: 'false', SERVICE_TOKEN: strongToken, METRICS_TOKEN: strongToken }),
    ).toThrowError(/METRICS_TOKEN: must differ from SERVICE_TOKEN/);
  });
});
