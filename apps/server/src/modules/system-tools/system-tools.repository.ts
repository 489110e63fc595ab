import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  lt,
  or,
  sql,
  type SQL,
  type Subquery,
} from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type {
  ErrorLogExportBody,
  ErrorLogQuery,
  LoginLogQuery,
  OnlineQuery,
  OperationLogQuery,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { keysetBefore, numberedPageOf } from '../../db/paged-query.js';
import { likeContains, likeLiteral } from '../../db/like-pattern.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';
import {
  auditLog,
  clientErrorReports,
  jobRuns,
  scheduledJobs,
  serverErrors,
  sessions,
  stores,
  userLastStores,
  users,
} from '../../db/schema.js';

type Paging = { pageNum: number; pageSize: number };
/** A log table: rows keyed by `(created_at, id)`, each written by a user or by nobody. */
type LogTable = typeof auditLog | typeof serverErrors | typeof clientErrorReports;
type LogSelect<Row> = Promise<Row[]> & {
  limit(limit: number): Promise<Row[]> & { offset(offset: number): Promise<Row[]> };
};
/** The last row of an export's page: the next page starts after it (newest first). */
export type LogCursor = { createdAt: Date; id: number };

/** The audit actions that are sign-ins (登录日志); 操作日志 shows every other row. */
export const LOGIN_ACTIONS = ['auth.login.success', 'auth.login.failure'];

const serverErrorColumns = {
  id: serverErrors.id,
  requestId: serverErrors.requestId,
  method: serverErrors.method,
  path: serverErrors.path,
  status: serverErrors.status,
  message: serverErrors.message,
  stack: serverErrors.stack,
  userName: sql<string>`coalesce(${users.nickName}, '')`,
  ip: serverErrors.ip,
  createdAt: serverErrors.createdAt,
};

const clientErrorColumns = {
  id: clientErrorReports.id,
  kind: clientErrorReports.kind,
  message: clientErrorReports.message,
  stack: clientErrorReports.stack,
  pageUrl: clientErrorReports.pageUrl,
  userAgent: clientErrorReports.userAgent,
  release: clientErrorReports.release,
  storeCode: clientErrorReports.storeCode,
  userName: sql<string>`coalesce(${users.nickName}, '')`,
  createdAt: clientErrorReports.createdAt,
};

const logColumns = {
  id: auditLog.id,
  action: auditLog.action,
  userName: sql<string>`coalesce(${users.nickName}, '')`,
  userAccount: sql<string>`coalesce(${users.username}, '')`,
  storeCode: auditLog.storeCode,
  target: auditLog.target,
  ip: auditLog.ip,
  result: auditLog.result,
  request: auditLog.request,
  detail: auditLog.detail,
  createdAt: auditLog.createdAt,
};

export function createSystemToolsRepository(db: Database) {
  const operationWhere = (q: Omit<OperationLogQuery, 'pageNum' | 'pageSize'>) => {
    const where: (SQL | undefined)[] = [
      sql`${auditLog.action} not in (${sql.join(
        LOGIN_ACTIONS.map((a) => sql`${a}`),
        sql`, `,
      )})`,
      ...withinShanghaiDays(auditLog.createdAt, q.dateFrom, q.dateTo),
    ];
    if (q.user)
      where.push(
        or(ilike(users.username, likeContains(q.user)), ilike(users.nickName, likeContains(q.user))),
      );
    if (q.storeCode) where.push(eq(auditLog.storeCode, q.storeCode));
    if (q.action) where.push(like(auditLog.action, `${likeLiteral(q.action)}%`));
    if (q.result) where.push(eq(auditLog.result, q.result));
    return and(...where);
  };

  const loginWhere = (q: Omit<LoginLogQuery, 'pageNum' | 'pageSize'>) =>
    and(
      inArray(auditLog.action, LOGIN_ACTIONS),
      ...withinShanghaiDays(auditLog.createdAt, q.dateFrom, q.dateTo),
      q.result ? eq(auditLog.action, q.result === 'ok' ? LOGIN_ACTIONS[0]! : LOGIN_ACTIONS[1]!) : undefined,
      q.keyword
        ? or(ilike(auditLog.target, likeContains(q.keyword)), ilike(auditLog.ip, likeContains(q.keyword)))
        : undefined,
    );

  const serverErrorWhere = (q: ErrorLogExportBody) =>
    and(
      ...withinShanghaiDays(serverErrors.createdAt, q.dateFrom, q.dateTo),
      q.keyword
        ? or(
            ilike(serverErrors.requestId, likeContains(q.keyword)),
            ilike(serverErrors.path, likeContains(q.keyword)),
            ilike(serverErrors.message, likeContains(q.keyword)),
          )
        : undefined,
    );

  const clientErrorWhere = (q: ErrorLogExportBody) =>
    and(
      ...withinShanghaiDays(clientErrorReports.createdAt, q.dateFrom, q.dateTo),
      q.keyword
        ? or(
            ilike(clientErrorReports.message, likeContains(q.keyword)),
            ilike(clientErrorReports.pageUrl, likeContains(q.keyword)),
          )
        : undefined,
    );

  /** Rows older than an export page's last row (`(created_at, id)` newest first); nothing for the first page. */
  const after = (createdAt: AnyPgColumn, id: AnyPgColumn, before: LogCursor | null) =>
    before
      ? keysetBefore(createdAt, id, { key: before.createdAt.toISOString(), id: before.id }, 'timestamptz')
      : undefined;
  const cappedCount = async (limited: { as(alias: string): Subquery }) => {
    const [row] = await db.select({ n: count() }).from(limited.as('capped'));
    return Number(row?.n ?? 0);
  };

  /**
   * One log table's reads, newest first with the writer's name beside each row: a numbered list page, one row,
   * and an export's batches after a cursor with a count that stops at a limit. The join to users is a left join
   * on their key, so it never changes a count.
   */
  const logReads = <Columns extends SelectedFields, Row = SelectResultFields<Columns>>(
    table: LogTable,
    columns: Columns,
  ) => {
    const logTable = table as typeof auditLog;
    const byUser = eq(users.id, table.userId);
    // The three tables are a union TypeScript cannot follow through drizzle's builder; the rows are `columns`.
    const rows = (where: SQL | undefined) =>
      db
        .select(columns as SelectedFields)
        .from(logTable)
        .leftJoin(users, byUser)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id)) as unknown as LogSelect<Row>;
    const total = (where: SQL | undefined) =>
      db.select({ n: count() }).from(logTable).leftJoin(users, byUser).where(where);
    return {
      page: (q: Paging, where: SQL | undefined) => numberedPageOf(q, rows(where), total(where)),
      async one(id: number) {
        const [row] = await rows(eq(table.id, id));
        return row ?? null;
      },
      exportReads: (where: SQL | undefined) => ({
        batch: (before: LogCursor | null, limit: number) =>
          rows(and(where, after(table.createdAt, table.id, before))).limit(limit),
        countUpTo: (limit: number) =>
          cappedCount(
            db.select({ id: table.id }).from(logTable).leftJoin(users, byUser).where(where).limit(limit),
          ),
      }),
    };
  };
  const operations = logReads(auditLog, logColumns);
  const serverErrorReads = logReads(serverErrors, serverErrorColumns);
  const clientErrorReads = logReads(clientErrorReports, clientErrorColumns);

  return {
    /** 操作日志's rows for an export, with the list's filters. */
    operationExport: (q: Omit<OperationLogQuery, 'pageNum' | 'pageSize'>) =>
      operations.exportReads(operationWhere(q)),
    /** 登录日志's rows for an export, with the list's filters. */
    loginExport: (q: Omit<LoginLogQuery, 'pageNum' | 'pageSize'>) => operations.exportReads(loginWhere(q)),
    operationLogs: (q: OperationLogQuery & Paging) => operations.page(q, operationWhere(q)),
    operationLog: (id: number) => operations.one(id),
    loginLogs: (q: LoginLogQuery & Paging) => operations.page(q, loginWhere(q)),
    serverErrors: (q: ErrorLogQuery & Paging) => serverErrorReads.page(q, serverErrorWhere(q)),
    clientErrors: (q: ErrorLogQuery & Paging) => clientErrorReads.page(q, clientErrorWhere(q)),
    /** 异常日志's server errors for an export, with the list's filters. */
    serverErrorExport: (q: ErrorLogExportBody) => serverErrorReads.exportReads(serverErrorWhere(q)),
    /** 异常日志's browser reports for an export, with the list's filters. */
    clientErrorExport: (q: ErrorLogExportBody) => clientErrorReads.exportReads(clientErrorWhere(q)),

    onlineSessions(q: OnlineQuery & Paging, now: Date) {
      const where = and(
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.enabled, true),
        q.keyword
          ? or(ilike(users.username, likeContains(q.keyword)), ilike(users.nickName, likeContains(q.keyword)))
          : undefined,
      );
      return numberedPageOf(
        q,
        db
          .select({
            sessionId: sessions.id,
            userId: users.id,
            userName: users.nickName,
            userAccount: users.username,
            storeName: sql<string>`coalesce(${stores.shopName}, '')`,
            ip: sessions.ip,
            userAgent: sessions.userAgent,
            signedInAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
          })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .leftJoin(userLastStores, eq(userLastStores.userId, users.id))
          .leftJoin(stores, eq(stores.id, userLastStores.storeId))
          .where(where)
          .orderBy(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt}) desc`, desc(sessions.id)),
        db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
      );
    },

    async liveSession(sessionId: number, now: Date) {
      const [row] = await db
        .select({ id: sessions.id, userId: sessions.userId, userName: users.username })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
      return row ?? null;
    },

    async saveJobSetting(
      tx: Database,
      name: string,
      setting: { cron?: string | null; enabled?: boolean },
      by: number,
      now: Date,
    ) {
      const [before] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
      const next = {
        cron: setting.cron !== undefined ? setting.cron : (before?.cron ?? null),
        enabled: setting.enabled ?? before?.enabled ?? true,
      };
      await tx
        .insert(scheduledJobs)
        .values({ name, ...next, updatedBy: by, updatedAt: now })
        .onConflictDoUpdate({ target: scheduledJobs.name, set: { ...next, updatedBy: by, updatedAt: now } });
      return { before: before ? { cron: before.cron, enabled: before.enabled } : null, after: next };
    },

    /** The latest run of each job, as every instance recorded them. */
    async lastRuns() {
      return db
        .selectDistinctOn([jobRuns.jobName])
        .from(jobRuns)
        .orderBy(jobRuns.jobName, desc(jobRuns.startedAt), desc(jobRuns.id));
    },

    async runningElsewhere(name: string, freshAfter: Date) {
      const [row] = await db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(eq(jobRuns.jobName, name), eq(jobRuns.status, 'running'), gt(jobRuns.heartbeatAt, freshAfter)),
        )
        .limit(1);
      return row !== undefined;
    },

    jobRuns(name: string, q: Paging) {
      const where = eq(jobRuns.jobName, name);
      return numberedPageOf(
        q,
        db.select().from(jobRuns).where(where).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)),
        db.select({ n: count() }).from(jobRuns).where(where),
      );
    },

    /** Deletes rows older than `before` of one log kind; answers how many went. */
    async prune(kind: RetentionKind, before: Date): Promise<number> {
      const gone = await (() => {
        switch (kind) {
          case 'operation':
            return db
              .delete(auditLog)
              .where(
                and(
                  lt(auditLog.createdAt, before),
                  sql`${auditLog.action} not in (${sql.join(
                    LOGIN_ACTIONS.map((a) => sql`${a}`),
                    sql`, `,
                  )})`,
                ),
              )
              .returning({ id: auditLog.id });
          case 'login':
            return db
              .delete(auditLog)
              .where(and(lt(auditLog.createdAt, before), inArray(auditLog.action, LOGIN_ACTIONS)))
              .returning({ id: auditLog.id });
          case 'error':
            return Promise.all([
              db
                .delete(serverErrors)
                .where(lt(serverErrors.createdAt, before))
                .returning({ id: serverErrors.id }),
              db
                .delete(clientErrorReports)
                .where(lt(clientErrorReports.createdAt, before))
                .returning({ id: clientErrorReports.id }),
            ]).then(([a, b]) => [...a, ...b]);
          case 'job_run':
            return db
              .delete(jobRuns)
              .where(and(lt(jobRuns.startedAt, before), sql`${jobRuns.status} <> 'running'`))
              .returning({ id: jobRuns.id });
        }
      })();
      return gone.length;
    },
  };
}

/** An audit row as the log pages and exports read it. */
export type LogRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createSystemToolsRepository>['operationLog']>>
>;

/** A server error as 异常日志 and its export read it (the stack still in). */
export type ServerErrorDbRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof createSystemToolsRepository>['serverErrorExport']>['batch']>
>[number];
/** A browser report as 异常日志 and its export read it (the stack still in). */
export type ClientErrorDbRow = Awaited<
  ReturnType<ReturnType<ReturnType<typeof createSystemToolsRepository>['clientErrorExport']>['batch']>
>[number];

export type RetentionKind = 'operation' | 'login' | 'error' | 'job_run';
