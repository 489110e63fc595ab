import { describe, expect, it } from 'vitest';
import { createQueryTimings, MAX_STATEMENTS, statementKey, timeQueries } from './query-timing.js';

describe('statementKey', () => {
  it('keeps bound placeholders and folds typed literals, so one statement is one key', () => {
    expect(statementKey('select *  from users\n where id = $1 and name = $12')).toBe(
      'select * from users where id = $1 and name = $12',
    );
    expect(statementKey("select * from t where code = 'A''1' limit 20 offset 1.5")).toBe(
      'select * from t where code = ? limit ? offset ?',
    );
    expect(statementKey('select col2 from t2')).toBe('select col2 from t2');
    expect(statementKey('insert into t (a, b) values ($1, $2), ($3, $4), ($5, default)')).toBe(
      'insert into t (a, b) values ($1, $2), …',
    );
    expect(statementKey('select * from t where id in ($1, $2, $3) and x = $4')).toBe(
      'select * from t where id in ($…) and x = $4',
    );
  });
});

describe('createQueryTimings', () => {
  it('counts calls, total, longest and rows per statement, and a reset empties them', () => {
    const timings = createQueryTimings();
    timings.record('select 1 from t where id = $1', 4, 1);
    timings.record('select 2 from t where id = $1', 10, 0);
    expect(timings.list()).toEqual([
      { query: 'select ? from t where id = $1', calls: 2, totalMs: 14, maxMs: 10, rows: 1 },
    ]);
    timings.reset();
    expect(timings.list()).toEqual([]);
  });

  it('files a named statement under its text, looked up by its name', async () => {
    const timings = createQueryTimings();
    timings.record('select 1 from t where id = $1', 2, 1, 'by_id');
    timings.record('select 1 from t where id = $1', 3, 1, 'by_id');
    const client = timeQueries(
      { query: async (_config: { name: string; text: string }) => ({ rowCount: 2 }) },
      timings,
    );
    await client.query({ name: 'by_id', text: 'select 1 from t where id = $1' });
    expect(timings.list()).toEqual([
      {
        query: 'select ? from t where id = $1',
        calls: 3,
        totalMs: expect.any(Number),
        maxMs: expect.any(Number),
        rows: 4,
      },
    ]);
  });

  it('keeps at most MAX_STATEMENTS, the least-called giving way', () => {
    const timings = createQueryTimings();
    timings.record('select * from kept', 1, 0);
    timings.record('select * from kept', 1, 0);
    for (let i = 0; i < MAX_STATEMENTS + 10; i += 1)
      timings.record(`select * from t_${'x'.repeat(i % 50)}${i}a`, 1, 0);
    const list = timings.list();
    expect(list.length).toBe(MAX_STATEMENTS);
    expect(list.some((s) => s.query === 'select * from kept')).toBe(true);
  });

  it('times what a wrapped client answers, failures too, and leaves callback calls alone', async () => {
    const timings = createQueryTimings();
    const client = {
      query: (text: string | { text: string }, cb?: () => void) => {
        if (cb) return undefined;
        const sql = typeof text === 'string' ? text : text.text;
        return sql.includes('fail') ? Promise.reject(new Error('boom')) : Promise.resolve({ rowCount: 3 });
      },
    };
    timeQueries(client, timings);
    await client.query('select a from b');
    await client.query({ text: 'select a from b' });
    await expect(client.query('select fail')).rejects.toThrow('boom');
    client.query('select untimed', () => undefined);
    const byQuery = new Map(timings.list().map((s) => [s.query, s]));
    expect(byQuery.get('select a from b')).toMatchObject({ calls: 2, rows: 6 });
    expect(byQuery.get('select fail')).toMatchObject({ calls: 1, rows: 0 });
    expect(byQuery.has('select untimed')).toBe(false);
  });
});
