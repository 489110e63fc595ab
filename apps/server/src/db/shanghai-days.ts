import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const SHANGHAI_OFFSET = '+08:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of an Asia/Shanghai day (or of the day `plusDays` later), as an ISO timestamp. */
export function shanghaiDayStart(day: string, plusDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00${SHANGHAI_OFFSET}`) + plusDays * DAY_MS).toISOString();
}

/** Conditions for `column` within the Asia/Shanghai days `from`…`to`, both ends inclusive (either optional). */
export function withinShanghaiDays(column: AnyColumn, from?: string | null, to?: string | null): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(sql`${column} >= ${shanghaiDayStart(from)}::timestamptz`);
  if (to) where.push(sql`${column} < ${shanghaiDayStart(to, 1)}::timestamptz`);
  return where;
}
