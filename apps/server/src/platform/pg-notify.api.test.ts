import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgNotifyChannel, type NotifyChannel } from './pg-notify.js';
import { createWakeBus, type WakeBus } from './wake-bus.js';

/** LISTEN / NOTIFY needs a PostgreSQL server: the `server-pg` project only. */
const url = process.env.TEST_DATABASE_URL ?? null;
const enabled = process.env.TEST_DB === 'postgres' && url !== null;
const CHANNEL = `console_auth_test_${process.pid}`;

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.skipIf(!enabled)('wake bus over PostgreSQL NOTIFY (no Redis)', () => {
  const channels: NotifyChannel[] = [];
  const buses: WakeBus[] = [];
  const instance = () => {
    const channel = createPgNotifyChannel(url!, CHANNEL, { warn: () => undefined });
    channels.push(channel);
    const bus = createWakeBus(null, undefined, channel);
    buses.push(bus);
    return bus;
  };
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });

  it('carries dropped sign-ins and maintenance changes, and only those, to the other instance, each once', async () => {
    const [a, b] = [instance(), instance()];
    const seenByA: string[][] = [];
    const seenByB: string[][] = [];
    a.subscribe((keys) => seenByA.push(keys));
    b.subscribe((keys) => seenByB.push(keys));
    await new Promise((resolve) => setTimeout(resolve, 300)); // both listening
    a.publish(['auth:user:5', '1:2', 'maintenance:changed']);
    await until(() => seenByB.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200)); // an echo would have arrived by now
    expect(seenByB).toEqual([['auth:user:5', 'maintenance:changed']]);
    expect(seenByA).toEqual([['auth:user:5', '1:2', 'maintenance:changed']]);
  });

  it('listens again after the database ended its connection', async () => {
    const [a, b] = [instance(), instance()];
    const seen: string[][] = [];
    b.subscribe((keys) => seen.push(keys));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const admin = new pg.Client({ connectionString: url! });
    await admin.connect();
    try {
      // Every listener of this test's channel; the bus of b reconnects and listens again.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen ${CHANNEL}'`,
      );
    } finally {
      await admin.end();
    }
    await until(() => {
      a.publish(['auth:all']);
      return seen.length > 0;
    });
    expect(seen[0]).toEqual(['auth:all']);
  });
});
