import {
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
import { createExportJobRepository, type JobReader } from './export-jobs.repository.js';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './export-runner.js';
import { EXPORT_TEXT } from './exports.messages.js';

const tags = ['exports'];

type AgainContext = Pick<RouteContext<typeof api.again>, 'caller' | 'request' | 'store'>;
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
  const queue = (
    { store, caller }: Pick<RouteContext<typeof api.again>, 'store' | 'caller'>,
    kind: ExportKind,
    params: Record<string, unknown>,
  ) => queueFor(store().id, caller().user.id, kind, params);
  const readerOf = ({
    store,
    caller,
  }: Pick<RouteContext<typeof api.again>, 'store' | 'caller'>): JobReader => ({
    storeId: store().id,
    userId: caller().user.id,
  });

  route(
    app,
    api.receivedOrders,
    access.store('order:export'),
    (ctx) => queue(ctx, 'received-orders', ctx.input),
    { tags },
  );

  route(
    app,
    api.couponExchanges,
    access.store('coupon:export'),
    (ctx) => queue(ctx, 'coupon-exchanges', ctx.input),
    { tags },
  );

  // 积分订单 of the caller's data scope: a head-office export, listed in the caller's 导出记录 at any store.
  const dataScopes = createDataScopes(db, app.authCache);
  route(
    app,
    api.integralOrders,
    access.headOffice('integralOrder:export'),
    async ({ caller, input }) =>
      queueFor(null, caller().user.id, 'integral-orders', {
        scope: await dataScopes(caller()),
        filter: input,
      } satisfies IntegralOrderExportParams),
    { tags },
  );

  // 操作日志, 登录日志 and 异常日志 with the page's filters: head-office exports listed in the caller's 导出记录 only.
  // Who took the logs away (IPs, parameters) is itself a logged event.
  const audit = createAuditLog(db, clock);
  const queueLogExport = async (
    ctx: Pick<RouteContext<typeof api.operationLogs>, 'caller' | 'request'>,
    kind: 'operation-logs' | 'login-logs' | 'error-logs' | 'client-error-logs',
    filter: Record<string, unknown>,
    params: Record<string, unknown> = filter,
  ) => {
    const actor = adminActorOf(ctx);
    const created = await queueFor(null, actor.caller.user.id, kind, params);
    await audit.change({
      action: 'log.export',
      actor: actor.caller,
      client: actor.client,
      target: kind,
      before: null,
      after: { exportId: created.id, filter },
    });
    return created;
  };
  route(
    app,
    api.operationLogs,
    access.headOffice(SYSTEM_TOOL_PERMISSIONS.logExport),
    (ctx) => queueLogExport(ctx, 'operation-logs', ctx.input),
    { tags },
  );
  route(
    app,
    api.loginLogs,
    access.headOffice(SYSTEM_TOOL_PERMISSIONS.loginLogExport),
    (ctx) => queueLogExport(ctx, 'login-logs', ctx.input),
    { tags },
  );
  // 异常日志: the file has 堆栈 only if the asker is the administrator, as the page shows it.
  const errorLogParams = (
    ctx: Pick<RouteContext<typeof api.errorLogs>, 'caller' | 'input'>,
  ): ErrorLogExportParams => ({
    withStack: ctx.caller().roles.includes(SUPER_ROLE),
    filter: ctx.input,
  });
  route(
    app,
    api.errorLogs,
    access.headOffice(SYSTEM_TOOL_PERMISSIONS.errorLogExport),
    (ctx) => queueLogExport(ctx, 'error-logs', ctx.input, errorLogParams(ctx)),
    { tags },
  );
  route(
    app,
    api.clientErrorLogs,
    access.headOffice(SYSTEM_TOOL_PERMISSIONS.errorLogExport),
    (ctx) => queueLogExport(ctx, 'client-error-logs', ctx.input, errorLogParams(ctx)),
    { tags },
  );

  // 要货管理: the store's requesters export (no separate export button is seeded for it).
  route(
    app,
    api.requestGoods,
    access.store('requestGoods:apply'),
    (ctx) => queue(ctx, 'request-goods', ctx.input),
    {
      tags,
    },
  );

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

  /**
   * What 重新导出 asks of the caller today, per kind: the button that queues such an export, and the parameters
   * that depend on who asks made anew (a data scope, the stack column), so an old job never carries rights its
   * creator has since lost into a new file. A log export is audited again like the first one.
   */
  const againRules: Record<
    ExportKind,
    {
      permission: string;
      requeue?: (ctx: AgainContext, earlier: Record<string, unknown>) => Promise<ExportJobCreated>;
    }
  > = {
    'received-orders': { permission: 'order:export' },
    'coupon-exchanges': { permission: 'coupon:export' },
    'request-goods': { permission: 'requestGoods:apply' },
    'integral-orders': {
      permission: 'integralOrder:export',
      requeue: async ({ caller }, earlier) =>
        // The filter is checked again when the job runs (export-sources.ts); the scope is today's.
        queueFor(null, caller().user.id, 'integral-orders', {
          scope: await dataScopes(caller()),
          filter: earlier.filter as IntegralOrderExportParams['filter'],
        } satisfies IntegralOrderExportParams),
    },
    'operation-logs': {
      permission: SYSTEM_TOOL_PERMISSIONS.logExport,
      requeue: (ctx, earlier) => queueLogExport(ctx, 'operation-logs', earlier),
    },
    'login-logs': {
      permission: SYSTEM_TOOL_PERMISSIONS.loginLogExport,
      requeue: (ctx, earlier) => queueLogExport(ctx, 'login-logs', earlier),
    },
    'error-logs': {
      permission: SYSTEM_TOOL_PERMISSIONS.errorLogExport,
      requeue: (ctx, earlier) =>
        queueLogExport(ctx, 'error-logs', earlier.filter as Record<string, unknown>, {
          withStack: ctx.caller().roles.includes(SUPER_ROLE),
          filter: earlier.filter,
        }),
    },
    'client-error-logs': {
      permission: SYSTEM_TOOL_PERMISSIONS.errorLogExport,
      requeue: (ctx, earlier) =>
        queueLogExport(ctx, 'client-error-logs', earlier.filter as Record<string, unknown>, {
          withStack: ctx.caller().roles.includes(SUPER_ROLE),
          filter: earlier.filter,
        }),
    },
  };
  const mayExportAgain = (caller: AuthContext, kind: ExportKind, headOfficeJob: boolean) =>
    caller.roles.includes(againRules[kind].permission) && (!headOfficeJob || isHeadOffice(caller));

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
      const requeue = againRules[kind].requeue;
      if (requeue) return requeue(ctx, earlier.params);
      return queueFor(headOfficeJob ? null : ctx.store().id, ctx.caller().user.id, kind, earlier.params);
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
