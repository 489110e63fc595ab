import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppInstance } from '../app-types.js';
import type { Database } from '../db/client.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { createMaintenance, MAINTENANCE_WAKE_KEY, registerMaintenanceGate } from './maintenance.js';
import { createWakeBus } from './wake-bus.js';

const log = { warn: vi.fn() };
const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** The embedded database's maintenance: one process, the flag in memory. */
function embedded() {
  const bus = createWakeBus(null);
  const published = vi.fn();
  bus.subscribe(published);
  const maintenance = createMaintenance({ db: {} as Database, dbKind: 'pglite', bus, log });
  opened.push(() => maintenance.close());
  return { maintenance, published };
}

describe('maintenance mode', () => {
  it('is on while the work runs, tells the listeners and the wake bus, and refuses a second one', async () => {
    const { maintenance, published } = embedded();
    const seen: boolean[] = [];
    maintenance.onChange((status) => seen.push(status.active));
    let finish = () => undefined as void;
    const work = new Promise<void>((resolve) => (finish = resolve));
    const { done } = await maintenance.begin('backup-20261128-222501.dump', () => work);
    expect(maintenance.status()).toMatchObject({
      active: true,
      reason: 'restore',
      backupName: 'backup-20261128-222501.dump',
    });
    expect(published).toHaveBeenCalledWith([MAINTENANCE_WAKE_KEY]);
    await expect(
      maintenance.begin('backup-20261128-222502.dump', async () => undefined),
    ).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'MAINTENANCE_RUNNING',
    });
    finish();
    await done;
    expect(maintenance.status().active).toBe(false);
    expect(seen).toEqual([true, false]);
    expect(published).toHaveBeenCalledTimes(2);
  });

  it('ends when the work fails', async () => {
    const { maintenance } = embedded();
    const { done } = await maintenance.begin('backup-20261128-222501.dump', () =>
      Promise.reject(new Error('x')),
    );
    await expect(done).rejects.toThrow('x');
    expect(maintenance.status().active).toBe(false);
  });

  it('answers 503 MAINTENANCE to every API call but the probes and the maintenance status', async () => {
    const { maintenance } = embedded();
    const app = Fastify({ routerOptions: { ignoreTrailingSlash: true } }) as unknown as AppInstance;
    opened.push(() => app.close());
    registerErrorHandler(app);
    registerMaintenanceGate(app, maintenance);
    for (const url of ['/api/health', '/api/health/ready', '/api/maintenance', '/api/system/backups'])
      app.get(url, async () => ({ ok: url }));
    let finish = () => undefined as void;
    await maintenance.begin(
      'backup-20261128-222501.dump',
      () => new Promise<void>((resolve) => (finish = resolve)),
    );
    const refused = await app.inject({ url: '/api/system/backups?pageSize=10' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ errorCode: 'MAINTENANCE', errorMsg: '系统维护中，请稍后再试' });
    expect(refused.headers['retry-after']).toBe('5');
    for (const url of ['/api/health', '/api/health/ready', '/api/maintenance/', '/api/maintenance?x=1'])
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    finish();
    await vi.waitFor(() => expect(maintenance.status().active).toBe(false));
    expect((await app.inject({ url: '/api/system/backups' })).statusCode).toBe(200);
  });
});
