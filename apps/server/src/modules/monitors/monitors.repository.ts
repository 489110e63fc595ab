import { desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { releases, serverInstances, users } from '../../db/schema.js';

const TOP = 20;
const LISTED = 50;

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Numeric = number | string | null;
const n = (value: Numeric) => Number(value ?? 0);

export type InstanceRecord = typeof serverInstances.$inferSelect;

/** Every statement of 系统监控 and 版本发布: the instance registry, the catalogue reads and releases. */
export function createMonitorsRepository(db: Database) {
  return {
    async saveInstance(row: typeof serverInstances.$inferInsert): Promise<void> {
      await db
        .insert(serverInstances)
        .values(row)
        .onConflictDoUpdate({
          target: serverInstances.id,
          set: {
            heartbeatAt: row.heartbeatAt,
            metrics: row.metrics,
            history: row.history,
            version: row.version,
            commit: row.commit,
          },
        });
    },

    /** Rows of instances that beat after `since` (the stale ones among them too), newest start first. */
    instances(since: Date): Promise<InstanceRecord[]> {
      return db
        .select()
        .from(serverInstances)
        .where(gte(serverInstances.heartbeatAt, since))
        .orderBy(desc(serverInstances.startedAt));
    },

    async pruneInstances(before: Date): Promise<void> {
      await db.delete(serverInstances).where(lt(serverInstances.heartbeatAt, before));
    },

    async latestReleaseId(): Promise<number | null> {
      const [row] = await db.select({ id: releases.id }).from(releases).orderBy(desc(releases.id)).limit(1);
      return row?.id ?? null;
    },

    releases() {
      return db
        .select({
          id: releases.id,
          version: releases.version,
          commit: releases.commit,
          builtAt: releases.builtAt,
          notes: releases.notes,
          publishedBy: sql<string>`coalesce(${users.nickName}, ${users.username}, '')`,
          publishedAt: releases.publishedAt,
        })
        .from(releases)
        .leftJoin(users, eq(users.id, releases.publishedBy))
        .orderBy(desc(releases.id))
        .limit(LISTED);
    },

    async insertRelease(tx: Database, row: typeof releases.$inferInsert) {
      const [saved] = await tx.insert(releases).values(row).returning();
      if (!saved) throw new Error('release insert returned nothing');
      return saved;
    },

    // ── pg_stat_statements, when the extension is installed and loaded ──

    async hasStatStatements(): Promise<boolean> {
      const rows = await rowsOf<{ ok: number }>(
        db,
        sql`select 1 as ok from pg_extension where extname = 'pg_stat_statements'`,
      );
      return rows.length > 0;
    },

    async statStatements(order: 'mean' | 'calls') {
      const by = order === 'mean' ? sql`mean_exec_time` : sql`calls`;
      const rows = await rowsOf<{
        query: string;
        calls: Numeric;
        total_ms: Numeric;
        mean_ms: Numeric;
        max_ms: Numeric;
        rows: Numeric;
      }>(
        db,
        sql`select query, calls, total_exec_time as total_ms, mean_exec_time as mean_ms,
                   max_exec_time as max_ms, rows
              from pg_stat_statements
             where dbid = (select oid from pg_database where datname = current_database())
             order by ${by} desc limit ${TOP}`,
      );
      return rows.map((r) => ({
        query: r.query,
        calls: n(r.calls),
        totalMs: n(r.total_ms),
        meanMs: n(r.mean_ms),
        maxMs: n(r.max_ms),
        rows: n(r.rows),
      }));
    },

    async statStatementsSummary() {
      const [row] = await rowsOf<{ statements: Numeric; calls: Numeric; since: Date | string | null }>(
        db,
        sql`select count(*) as statements, coalesce(sum(calls), 0) as calls,
                   (select stats_reset from pg_stat_statements_info) as since
              from pg_stat_statements
             where dbid = (select oid from pg_database where datname = current_database())`,
      );
      return {
        statements: n(row?.statements ?? 0),
        calls: n(row?.calls ?? 0),
        since: row?.since ? new Date(row.since).toISOString() : null,
      };
    },

    async resetStatStatements(): Promise<void> {
      await db.execute(sql`select pg_stat_statements_reset()`);
    },

    // ── 数据库监控: the catalogue, read-only ──

    async databaseSummary() {
      const [row] = await rowsOf<{
        version: string;
        size: Numeric;
        total: Numeric;
        active: Numeric;
        idle: Numeric;
        max: Numeric;
      }>(
        db,
        sql`select current_setting('server_version') as version,
                   pg_database_size(current_database()) as size,
                   count(a.*) as total,
                   count(a.*) filter (where a.state = 'active') as active,
                   count(a.*) filter (where a.state like 'idle%') as idle,
                   current_setting('max_connections')::int as max
              from pg_stat_activity a
             where a.datname = current_database()`,
      );
      return {
        version: row?.version ?? '',
        sizeBytes: n(row?.size ?? 0),
        // The asking connection is always there, even where pg_stat_activity lists nothing (PGlite).
        connections: {
          total: Math.max(1, n(row?.total ?? 0)),
          active: Math.max(1, n(row?.active ?? 0)),
          idle: n(row?.idle ?? 0),
          max: n(row?.max ?? 0),
        },
      };
    },

    async tables() {
      const rows = await rowsOf<{
        name: string;
        row_estimate: Numeric;
        table_bytes: Numeric;
        index_bytes: Numeric;
        total_bytes: Numeric;
      }>(
        db,
        sql`select c.relname as name,
                   case when c.reltuples < 0 then coalesce(s.n_live_tup, 0) else c.reltuples end as row_estimate,
                   pg_table_size(c.oid) as table_bytes,
                   pg_indexes_size(c.oid) as index_bytes,
                   pg_total_relation_size(c.oid) as total_bytes
              from pg_class c
              join pg_namespace ns on ns.oid = c.relnamespace
              left join pg_stat_user_tables s on s.relid = c.oid
             where ns.nspname = 'public' and c.relkind in ('r', 'p')
             order by pg_total_relation_size(c.oid) desc, c.relname
             limit ${LISTED}`,
      );
      return rows.map((r) => ({
        name: r.name,
        rowEstimate: Math.round(n(r.row_estimate)),
        tableBytes: n(r.table_bytes),
        indexBytes: n(r.index_bytes),
        totalBytes: n(r.total_bytes),
      }));
    },

    async indexes() {
      const rows = await rowsOf<{ name: string; table_name: string; bytes: Numeric; scans: Numeric }>(
        db,
        sql`select i.relname as name, t.relname as table_name, pg_relation_size(i.oid) as bytes,
                   coalesce(s.idx_scan, 0) as scans
              from pg_index x
              join pg_class i on i.oid = x.indexrelid
              join pg_class t on t.oid = x.indrelid
              join pg_namespace ns on ns.oid = t.relnamespace
              left join pg_stat_user_indexes s on s.indexrelid = x.indexrelid
             where ns.nspname = 'public'
             order by pg_relation_size(i.oid) desc, i.relname
             limit ${LISTED}`,
      );
      return rows.map((r) => ({ name: r.name, table: r.table_name, bytes: n(r.bytes), scans: n(r.scans) }));
    },
  };
}
