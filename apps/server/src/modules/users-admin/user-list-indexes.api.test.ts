import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * 用户管理's filters have their indexes (migration 0012, docs/domain/users-admin.md "Indexes"), on PGlite and
 * PostgreSQL alike: with sequential scans priced out, each filter's query shape must name its index. (At chain
 * size the planner picks them by itself: bench/admin/RESULTS.md.)
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function planOf(db: Database, query: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql.raw(`explain (costs off) ${query}`))) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The keyword condition as the repository writes it (`userKeywordText`), on PostgreSQL's column names. */
const keywordQuery = (keyword: string) =>
  `select id from users where ("users"."nick_name" || ' ' || "users"."username" || ' ' || "users"."work_code"` +
  ` || ' ' || coalesce("users"."phone", '')) ilike '%${keyword}%'`;

describe('user list indexes', () => {
  it.each([
    ['name part', keywordQuery('员工47'), 'users_keyword_trgm_idx'],
    ['work code part', keywordQuery('W0047'), 'users_keyword_trgm_idx'],
    ['phone part', keywordQuery('00004711'), 'users_keyword_trgm_idx'],
    ['newest first', 'select id from users order by created_at desc, id desc limit 20', 'users_created_idx'],
    [
      'department',
      'select id from users where dept_id = 1 order by created_at desc, id desc limit 20',
      'users_dept_created_idx',
    ],
    [
      'disabled',
      'select id from users where enabled = false order by created_at desc, id desc limit 20',
      'users_disabled_created_idx',
    ],
    ['role', 'select user_id from user_roles where role_id = 1', 'user_roles_role_idx'],
  ])('%s reads %s', async (_name, query, index) => {
    expect(await planOf(t.db, query)).toContain(index);
  });

  it('makes trigrams of Chinese names', async () => {
    const result = (await t.db.execute(
      sql`select array_length(show_trgm('压测员工'), 1) as n`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBeGreaterThan(2);
  });
});
