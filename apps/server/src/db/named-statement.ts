import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client.js';

/**
 * Runs a raw statement of a hot path as a named prepared statement on PostgreSQL: parsed and planned once per
 * connection instead of on every call (planning the long poll's lateral and unnest statements cost more than
 * running them), on the pool or, inside a transaction, on the transaction's connection. On PGlite it runs as an
 * ordinary statement. Every value must be bound (`${value}` in the template), so that one name always has one
 * text.
 */
export async function executeNamed<Row>(db: Database, name: string, statement: SQL): Promise<Row[]> {
  const { $client, session, dialect } = db as unknown as {
    $client?: unknown;
    session?: { client?: unknown };
    dialect: PgDialect;
  };
  // A database has its pool as `$client`; a transaction has its connection as its session's client.
  const client = $client ?? session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return (await client.query({ name, text, values: params })).rows as Row[];
  }
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}
