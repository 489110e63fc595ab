/**
 * Many callers' small lookups run as one statement: what is asked while a batch is running waits and goes out
 * with the next one, so under load N callers cost about N / batch size round trips, and an idle caller waits for
 * nothing but the end of the current turn of the event loop (everything asked in that turn goes together).
 *
 * `run` answers one result per item, in the items' order. A failed `run` fails every caller of its batch;
 * nothing is retried here. At most `concurrency` batches of at most `maxBatch` items are in flight.
 */
export type Batcher<I, O> = {
  load(item: I): Promise<O>;
  /** Sends what waits now, without its collection time, and resolves when every batch has finished. */
  drain(): Promise<void>;
  /** Items waiting for a batch, and batches running (tests, metrics). */
  stats(): { queued: number; running: number };
};

type Waiting<I, O> = { item: I; resolve(value: O): void; reject(error: unknown): void };

export function createBatcher<I, O>(options: {
  run(items: readonly I[]): Promise<readonly O[]>;
  maxBatch?: number;
  concurrency?: number;
  /**
   * For writes nobody waits on (最后访问): the first item of a batch waits this long for others, so a steady
   * trickle of callers still makes few statements. 0 (default): the end of the current turn.
   */
  collectMs?: number;
}): Batcher<I, O> {
  const { run } = options;
  const collectMs = options.collectMs ?? 0;
  const maxBatch = Math.max(1, options.maxBatch ?? 500);
  const concurrency = Math.max(1, options.concurrency ?? 1);
  let queue: Waiting<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  let collecting: NodeJS.Timeout | undefined;
  let idle: (() => void)[] = [];

  function schedule(): void {
    if (scheduled || running >= concurrency || queue.length === 0) return;
    scheduled = true;
    if (collectMs > 0) {
      collecting = setTimeout(flush, collectMs);
      collecting.unref();
    } else setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    if (collecting) clearTimeout(collecting);
    collecting = undefined;
    while (running < concurrency && queue.length > 0) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      running += 1;
      void execute(batch);
    }
  }

  async function execute(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await run(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length)
        throw new Error(`batch answered ${results.length} results for ${batch.length} items`);
      for (let i = 0; i < batch.length; i += 1) batch[i]!.resolve(results[i]!);
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      running -= 1;
      // What arrived meanwhile goes at once: it has already waited for a whole batch.
      if (queue.length > 0) flush();
      else if (running === 0) {
        for (const resolve of idle) resolve();
        idle = [];
      }
    }
  }

  return {
    load(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    drain() {
      if (queue.length > 0) flush();
      if (running === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    stats: () => ({ queued: queue.length, running }),
  };
}
