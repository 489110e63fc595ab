import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createClusterLock } from './cluster-lock.js';

/** A pool of one client that answers every lock as granted and counts the queries it runs at once. */
function countingPool() {
  let running = 0;
  const seen = { mostAtOnce: 0, queries: [] as string[] };
  const client = {
    on: () => client,
    release: () => undefined,
    async query(text: string) {
      running += 1;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, running);
      seen.queries.push(text);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { rows: [{ got: true }] };
    },
  };
  return { db: { $client: { connect: async () => client } } as unknown as Database, seen };
}

describe('the advisory job lock', () => {
  it('asks one lock at a time on its session when many jobs tick at once', async () => {
    const { db, seen } = countingPool();
    const lock = createClusterLock(db, 'postgres', { warn: () => undefined });
    const names = ['a', 'b', 'c', 'd', 'e'];
    expect(await Promise.all(names.map((name) => lock.tryHold(name)))).toEqual(names.map(() => true));
    expect(await Promise.all(names.map((name) => lock.tryHold(name)))).toEqual(names.map(() => true));
    expect(seen.mostAtOnce).toBe(1);
    // Each lock is taken once; a held one is only checked to be alive.
    expect(seen.queries.filter((q) => q.includes('pg_try_advisory_lock'))).toHaveLength(5);
    expect(seen.queries.filter((q) => q === 'select 1')).toHaveLength(5);
  });
});
