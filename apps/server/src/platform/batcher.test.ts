import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batcher', () => {
  it('runs what is asked in one turn as one batch and answers each caller its own result', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, string>({
      run: async (items) => {
        batches.push([...items]);
        return items.map((n) => `#${n}`);
      },
    });
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.load(n)));
    expect(answers).toEqual(['#1', '#2', '#3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues what arrives while a batch runs and sends it all in the next one', async () => {
    const gates = [deferred<string[]>(), deferred<string[]>()];
    const batches: number[][] = [];
    const batcher = createBatcher<number, string>({
      run: (items) => {
        batches.push([...items]);
        return gates[batches.length - 1]!.promise;
      },
    });
    const first = batcher.load(1);
    await turn();
    const later = [2, 3, 4].map((n) => batcher.load(n));
    await turn();
    expect(batches).toEqual([[1]]);
    expect(batcher.stats()).toEqual({ queued: 3, running: 1 });
    gates[0]!.resolve(['a']);
    expect(await first).toBe('a');
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    gates[1]!.resolve(['b', 'c', 'd']);
    expect(await Promise.all(later)).toEqual(['b', 'c', 'd']);
    expect(batcher.stats()).toEqual({ queued: 0, running: 0 });
  });

  it('splits at maxBatch and keeps at most `concurrency` batches running', async () => {
    const gates: ReturnType<typeof deferred<number[]>>[] = [];
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      maxBatch: 2,
      concurrency: 2,
      run: (items) => {
        batches.push([...items]);
        const gate = deferred<number[]>();
        gates.push(gate);
        return gate.promise;
      },
    });
    const all = [1, 2, 3, 4, 5].map((n) => batcher.load(n));
    await turn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(batcher.stats()).toEqual({ queued: 1, running: 2 });
    gates[1]!.resolve([30, 40]);
    await turn();
    expect(batches.at(-1)).toEqual([5]);
    gates[0]!.resolve([10, 20]);
    gates[2]!.resolve([50]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('fails every caller of a failed batch and goes on with the next one', async () => {
    let calls = 0;
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return items.map((n) => n * 2);
      },
    });
    const failed = [1, 2].map((n) => batcher.load(n));
    for (const promise of failed) await expect(promise).rejects.toThrow('database away');
    expect(await batcher.load(3)).toBe(6);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const batcher = createBatcher<number, number>({ run: async () => [1] });
    const both = [batcher.load(1), batcher.load(2)];
    for (const promise of both) await expect(promise).rejects.toThrow('answered 1 results for 2 items');
  });

  it('with a collection time, gathers what arrives over several turns into one batch', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      run: async (items) => {
        batches.push([...items]);
        return items;
      },
      collectMs: 40,
    });
    const first = batcher.load(1);
    await turn();
    await turn();
    const second = batcher.load(2);
    expect(batches).toEqual([]);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('drains at once what is still collecting, and waits for running batches', async () => {
    const gate = deferred<number[]>();
    const batches: number[][] = [];
    const batcher = createBatcher<number, number>({
      run: (items) => {
        batches.push([...items]);
        return batches.length === 1 ? gate.promise : Promise.resolve([...items]);
      },
      collectMs: 60_000,
    });
    const waiting = [batcher.load(1), batcher.load(2)];
    let drained = false;
    const drain = batcher.drain().then(() => {
      drained = true;
    });
    expect(batches).toEqual([[1, 2]]);
    await turn();
    expect(drained).toBe(false);
    gate.resolve([1, 2]);
    await drain;
    expect(await Promise.all(waiting)).toEqual([1, 2]);
    await batcher.drain();
  });
});
