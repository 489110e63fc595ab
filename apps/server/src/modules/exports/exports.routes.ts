import {
  AUDIT_EXPORT_PERMISSIONS,
  LOAN_PERMISSIONS,
  SYSTEM_TOOL_PERMISSIONS,
  EXPORT_KIND_TEXT,
  EXPORT_STATUS_TEXT,
  exportEndpoints as api,
  type ExportJobCreated,
  type ExportKind,
  type ExportStatus,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { access, ANY_STAFF, isHeadOffice, rawRoute, route, type RouteContext } from '../../http/route.js';
import type { AuthContext } from '../../plugins/request-context.js';
import { adminActorOf } from '../audit/admin-actor.js';
import { createAuditLog } from '../audit/audit-log.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import { createDataScopes } from '../roles/data-scope.js';
import type { ErrorLogExportParams } from '../system-tools/log-export.js';
import type { IntegralOrderExportParams } from '../orders/valet/integral-order-export.js';
import type { MineExportParams, PendingExportParams } from '../inventory/approval-export.js';
import { createExportJobRepository, type JobReader } from './export-jobs.repository.js';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './export-runner.js';
import { EXPORT_TEXT } from './exports.messages.js';

const tags = ['exports'];

type AgainContext = Pick<RouteContext<typeof api.again>, 'caller' | 'request' | 'store'>;
/** The endpoints that queue an export (every one but the records, 重新导出 and the download). */
type QueueEndpoint = Exclude<keyof typeof api, 'records' | 'again' | 'download'>;

type KindRule = {
  permission: string;
  /** A head-office export: queued by a head-office caller, no store, listed only in its creator's records. */
  headOffice: boolean;
  /**
   * A personal export: queued in a store by its staff, but the list is the caller's own (an approval inbox),
   * so the job has no store and only its creator lists, downloads and re-runs it.
   */
  personal?: boolean;
  /** The stored parameters made from the caller and the list's filter (stored as `filter` inside them). */
  params?: (
    caller: AuthContext,
    filter: unknown,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Queuing it is an audited event (the logs). */
  audited?: boolean;
};
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Content-Disposition with an ASCII fallback and the Chinese name per RFC 5987. */
export function attachmentHeader(fileName: string): string {
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Exports as background jobs (docs/domain/orders.md "Exports"): queue an export of the received orders, list
 * and re-run the store's export records, download a finished file. Everything is scoped to the caller's store;
 * another store's job answers 404. The runner works in this process and stops with the app; its poll for jobs
 * other instances queued is a job (exports.jobs.ts).
 */
export function exportRoutes(
  app: AppInstance,
  { db, clock }: AppDeps,
  runnerOptions: Partial<Pick<ExportRunnerOptions, 'pageSize' | 'maxRows' | 'staleAfterMs'>> = {},
): ExportRunner {
  const jobs = createExportJobRepository(db);
  const runner = createExportRunner({ db, jobs, clock, log: app.log, ...runnerOptions });
  app.addHook('onClose', () => runner.stop());

  /** Queues a job of the store, or a head-office one (`storeId` null) that only its creator lists. */
  async function queueFor(
    storeId: number | null,
    userId: number,
    kind: ExportKind,
    params: Record<string, unknown>,
  ): Promise<ExportJobCreated> {
    const job = await jobs.create({ storeId, userId, kind, params, at: clock() });
    runner.kick();
    return { id: job.id, status: job.status, statusText: EXPORT_STATUS_TEXT[job.status] };
  }
  const readerOf = ({
    store,
    caller,
  }: Pick<RouteContext<typeof api.again>, 'store' | 'caller'>): JobReader => ({
    storeId: store().id,
    userId: caller().user.id,
  });

  const dataScopes = createDataScopes(db, app.authCache);
  const audit = createAuditLog(db, clock);

  // 操作日志, 登录日志 and 异常日志 with the page's filters: head-office exports listed in the caller's 导出记录 only.
  // Who took the logs away (IPs, parameters) is itself a logged event.
  const auditLogExport = async (ctx: AgainContext, kind: ExportKind, filter: unknown, exportId: number) => {
    const actor = adminActorOf(ctx);
    await audit.change({
      action: 'log.export',
      actor: actor.caller,
      client: actor.client,
      target: kind,
      before: null,
      after: { exportId, filter },
    });
  };
  // 异常日志: the file has 堆栈 only if the asker is the administrator, as the page shows it.
  const errorLogParams = (caller: AuthContext, filter: unknown): ErrorLogExportParams => ({
    withStack: caller.roles.includes(SUPER_ROLE),
    filter: filter as ErrorLogExportParams['filter'],
  });
  const errorLogs: KindRule = {
    permission: SYSTEM_TOOL_PERMISSIONS.errorLogExport,
    headOffice: true,
    params: (caller, filter) => errorLogParams(caller, filter),
    audited: true,
  };

  /**
   * Every export kind: the button that queues it (checked by its queue route and again by 重新导出), whether it is
   * a head-office export (no store; listed only in its creator's 导出记录) or the chosen store's, and the
   * parameters that depend on who asks (a data scope, the stack column), made anew from the caller on every
   * queue, so an old job never carries rights its creator has since lost into a new file. A log export is
   * audited on every queue.
   */
  const kinds: Record<ExportKind, KindRule> = {
    'received-orders': { permission: 'order:export', headOffice: false },
    'coupon-exchanges': { permission: 'coupon:export', headOffice: false },
    // 要货管理: the store's requesters export (no separate export button is seeded for it).
    'request-goods': { permission: 'requestGoods:apply', headOffice: false },
    'transfers-in': { permission: 'transferIn:export', headOffice: false },
    'transfers-out': { permission: 'transferOut:export', headOffice: false },
    stock: { permission: 'stock:export', headOffice: false },
    loans: { permission: LOAN_PERMISSIONS.export, headOffice: false },
    // 待我审核: the tasks the asker may decide (their scope now, their own requests left out).
    'approvals-pending': {
      permission: AUDIT_EXPORT_PERMISSIONS.pending,
      headOffice: false,
      personal: true,
      params: async (caller, filter) =>
        ({
          userId: caller.user.id,
          scope: await dataScopes(caller),
          mayDecide: caller.roles.includes('audit:approve') || caller.roles.includes('audit:reject'),
          filter: filter as PendingExportParams['filter'],
        }) satisfies PendingExportParams,
    },
    'approvals-mine': {
      permission: AUDIT_EXPORT_PERMISSIONS.mine,
      headOffice: false,
      personal: true,
      params: (caller, filter) =>
        ({ userId: caller.user.id, filter: filter as MineExportParams['filter'] }) satisfies MineExportParams,
    },
    // 积分订单 of the caller's data scope; the filter is checked again when the job runs (export-sources.ts).
    'integral-orders': {
      permission: 'integralOrder:export',
      headOffice: true,
      params: async (caller, filter) =>
        ({
          scope: await dataScopes(caller),
          filter: filter as IntegralOrderExportParams['filter'],
        }) satisfies IntegralOrderExportParams,
    },
    'operation-logs': { permission: SYSTEM_TOOL_PERMISSIONS.logExport, headOffice: true, audited: true },
    'login-logs': { permission: SYSTEM_TOOL_PERMISSIONS.loginLogExport, headOffice: true, audited: true },
    'error-logs': errorLogs,
    'client-error-logs': errorLogs,
  };

  /** Queues `kind` with the list's filter: the store's job, or a head-office one; audited if the kind is. */
  async function queueKind(ctx: AgainContext, kind: ExportKind, filter: Record<string, unknown>) {
    const rule = kinds[kind];
    const params = rule.params ? await rule.params(ctx.caller(), filter) : filter;
    const created = await queueFor(
      rule.headOffice || rule.personal ? null : ctx.store().id,
      ctx.caller().user.id,
      kind,
      params,
    );
    if (rule.audited) await auditLogExport(ctx, kind, filter, created.id);
    return created;
  }
  const queueRoute = (endpoint: (typeof api)[QueueEndpoint], kind: ExportKind) =>
    route(
      app,
      endpoint,
      kinds[kind].headOffice
        ? access.headOffice(kinds[kind].permission)
        : access.store(kinds[kind].permission),
      (ctx) => queueKind(ctx, kind, ctx.input as Record<string, unknown>),
      { tags },
    );
  queueRoute(api.receivedOrders, 'received-orders');
  queueRoute(api.couponExchanges, 'coupon-exchanges');
  queueRoute(api.integralOrders, 'integral-orders');
  queueRoute(api.operationLogs, 'operation-logs');
  queueRoute(api.loginLogs, 'login-logs');
  queueRoute(api.errorLogs, 'error-logs');
  queueRoute(api.clientErrorLogs, 'client-error-logs');
  queueRoute(api.requestGoods, 'request-goods');
  queueRoute(api.transfersIn, 'transfers-in');
  queueRoute(api.transfersOut, 'transfers-out');
  queueRoute(api.stock, 'stock');
  queueRoute(api.loans, 'loans');
  queueRoute(api.auditPending, 'approvals-pending');
  queueRoute(api.auditMine, 'approvals-mine');

  route(
    app,
    api.records,
    access.store(ANY_STAFF),
    async (ctx) => {
      const { pageNum, pageSize } = ctx.input;
      const page = await jobs.page(readerOf(ctx), pageNum, pageSize);
      return {
        list: page.list.map((row) => ({
          ...row,
          kind: row.kind as ExportKind,
          kindText: EXPORT_KIND_TEXT[row.kind as ExportKind] ?? row.kind,
          status: row.status as ExportStatus,
          statusText: EXPORT_STATUS_TEXT[row.status as ExportStatus] ?? row.status,
          createdAt: row.createdAt.toISOString(),
          // While running, finished_at is the job's heartbeat, not an end.
          finishedAt:
            row.status === 'done' || row.status === 'failed' ? (row.finishedAt?.toISOString() ?? null) : null,
        })),
        total: page.total,
        pageNum,
        pageSize,
      };
    },
    { tags },
  );

  const mayExportAgain = (caller: AuthContext, kind: ExportKind, headOfficeJob: boolean) =>
    caller.roles.includes(kinds[kind].permission) &&
    (!headOfficeJob || kinds[kind].personal === true || isHeadOffice(caller));

  route(
    app,
    api.again,
    access.store('export:again'),
    async (ctx) => {
      const earlier = await jobs.find(readerOf(ctx), ctx.input.id);
      if (!earlier) throw notFound(EXPORT_TEXT.notFound, 'EXPORT_NOT_FOUND');
      const kind = earlier.kind as ExportKind;
      // A head-office export runs again as one, with the rights the caller holds now.
      const headOfficeJob = earlier.storeId === null;
      if (!mayExportAgain(ctx.caller(), kind, headOfficeJob))
        throw forbidden(EXPORT_TEXT.againDenied(EXPORT_KIND_TEXT[kind]), 'EXPORT_AGAIN_DENIED');
      // The filter as the first export took it; what depends on the caller is made anew (queueKind).
      const filter = kinds[kind].params ? (earlier.params.filter as Record<string, unknown>) : earlier.params;
      return queueKind(ctx, kind, filter);
    },
    { tags },
  );

  rawRoute(
    app,
    api.download,
    access.store(ANY_STAFF),
    async ({ input, store, caller, reply }) => {
      const job = await jobs.file(readerOf({ store, caller }), input.id);
      if (!job) throw notFound(EXPORT_TEXT.notFound, 'EXPORT_NOT_FOUND');
      if (job.status === 'failed') throw conflict(EXPORT_TEXT.failed, 'EXPORT_FAILED');
      if (job.status !== 'done' || !job.content) throw conflict(EXPORT_TEXT.notReady, 'EXPORT_NOT_READY');
      reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(job.fileName))
        .header('cache-control', 'private, no-store');
      return job.content;
    },
    { tags, body: null },
  );

  return runner;
}
