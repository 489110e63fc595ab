import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

/** The statements kept at most; beyond it the least-called one gives way (bounded memory whatever the traffic). */
export const MAX_STATEMENTS = 500;
/** Statement texts whose key is remembered (texts differ by the length of their IN lists, for one). */
const MAX_KNOWN_TEXTS = 2_000;
/** A statement's text as kept and shown: long IN-lists and inserts are cut. */
const MAX_TEXT = 2000;

export type StatementTiming = {
  query: string;
  calls: number;
  totalMs: number;
  maxMs: number;
  rows: number;
};

export type QueryTimings = ReturnType<typeof createQueryTimings>;

/** Same statement whatever its values: drizzle binds values as $1…, and literals typed into SQL are folded. */
export function statementKey(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/'(?:[^']|'')*'/g, '?')
      // Numbers typed into the text, not the $1… placeholders of bound values.
      .replace(/(?<![$\w.])\d+(?:\.\d+)?\b/g, '?')
      // A batch insert of n rows and an IN list of n values are one statement whatever n.
      .replace(/(\([^()]*\))(?:\s*,\s*\([^()]*\))+/g, '$1, …')
      .replace(/\bin\s*\(\s*\$\d+(?:\s*,\s*\$\d+)+\s*\)/gi, 'in ($…)')
      .trim()
      .slice(0, MAX_TEXT)
  );
}

/**
 * The application's own timing of its SQL (SQL监控 without pg_stat_statements): per statement, calls, total and
 * longest time and rows, in this process's memory. Recording is a map update; at most MAX_STATEMENTS are kept.
 */
export function createQueryTimings(now: () => Date = () => new Date()) {
  let statements = new Map<string, StatementTiming>();
  let since = now();
  // The same few texts come again and again: their keys are worked out once (five regular expressions each).
  const keys = new Map<string, string>();
  // A prepared statement's name stands for its text (one name, one text): looking the name up spares hashing a
  // text of a kilobyte or more that the driver built anew for this call.
  const keyOf = (text: string, name: string | undefined): string => {
    const known = keys.get(name ?? text);
    if (known !== undefined) return known;
    if (keys.size >= MAX_KNOWN_TEXTS) keys.clear();
    const key = statementKey(text);
    keys.set(name ?? text, key);
    return key;
  };

  return {
    /** One statement's time; `name` when it ran as a named prepared statement. */
    record(text: string, ms: number, rows: number, name?: string): void {
      const key = keyOf(text, name);
      const known = statements.get(key);
      if (known) {
        known.calls += 1;
        known.totalMs += ms;
        known.rows += rows;
        if (ms > known.maxMs) known.maxMs = ms;
        return;
      }
      if (statements.size >= MAX_STATEMENTS) {
        let fewest: StatementTiming | null = null;
        for (const s of statements.values()) if (!fewest || s.calls < fewest.calls) fewest = s;
        if (fewest) statements.delete(fewest.query);
      }
      statements.set(key, { query: key, calls: 1, totalMs: ms, maxMs: ms, rows });
    },
    /** Copies, so a caller sorting them cannot disturb the recording. */
    list(): StatementTiming[] {
      return [...statements.values()].map((s) => ({ ...s }));
    },
    since: () => since,
    reset(): void {
      statements = new Map();
      since = now();
    },
  };
}

/** The statistics of this process: every database it opens records here (one process, one set of figures). */
export const processQueryTimings = createQueryTimings();

type Queryable = { query: (...args: never[]) => unknown };

const nameOf = (first: unknown): string | undefined =>
  first && typeof first === 'object' && typeof (first as { name?: unknown }).name === 'string'
    ? (first as { name: string }).name
    : undefined;

const textOf = (first: unknown): string | null =>
  typeof first === 'string'
    ? first
    : first && typeof first === 'object' && typeof (first as { text?: unknown }).text === 'string'
      ? (first as { text: string }).text
      : null;

const rowsOf = (result: unknown): number => {
  const r = result as { rowCount?: number | null; affectedRows?: number; rows?: unknown[] } | null;
  return r?.rowCount ?? r?.affectedRows ?? r?.rows?.length ?? 0;
};

/**
 * Wraps a client's promise-returning `query` so each statement is timed into `timings`. A callback-style call
 * (none of ours) passes through untimed. Failed statements are timed too: a slow failure is still slow.
 */
export function timeQueries<T extends Queryable>(client: T, timings: QueryTimings): T {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const timed = (...args: unknown[]) => {
    const text = textOf(args[0]);
    const started = performance.now();
    const result = original(...args);
    if (!text || !(result instanceof Promise)) return result;
    const name = nameOf(args[0]);
    return result.then(
      (value: unknown) => {
        timings.record(text, performance.now() - started, rowsOf(value), name);
        return value;
      },
      (error: unknown) => {
        timings.record(text, performance.now() - started, 0, name);
        throw error;
      },
    );
  };
  (client as { query: unknown }).query = timed;
  return client;
}

/** PGlite runs a transaction's statements on a `tx` object of its own: time those too. */
export function timePgliteQueries(client: PGlite, timings: QueryTimings): PGlite {
  timeQueries(client, timings);
  const transaction = client.transaction.bind(client) as (
    fn: (tx: Queryable) => Promise<unknown>,
  ) => Promise<unknown>;
  (client as { transaction: unknown }).transaction = (fn: (tx: Queryable) => Promise<unknown>) =>
    transaction((tx) => fn(timeQueries(tx, timings)));
  return client;
}
