import {
  EXPORT_KIND_TEXT,
  EXPORT_STATUS_TEXT,
  exportEndpoints as api,
  type ExportJobCreated,
  type ExportKind,
  type ExportStatus,
} from '@console/contract';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { conflict, notFound } from '../../http/errors.js';
import { access, ANY_STAFF, rawRoute, route, type RouteContext } from '../../http/route.js';
import { createExportJobRepository } from './export-jobs.repository.js';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './export-runner.js';
import { EXPORT_TEXT } from './exports.messages.js';

const tags = ['exports'];
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
  runnerOptions: Partial<Pick<ExportRunnerOptions, 'pageSize' | 'maxRows'>> = {},
): ExportRunner {
  const jobs = createExportJobRepository(db);
  const runner = createExportRunner({ db, jobs, clock, log: app.log, ...runnerOptions });
  app.addHook('onClose', () => runner.stop());

  async function queue(
    { store, caller }: Pick<RouteContext<typeof api.again>, 'store' | 'caller'>,
    kind: ExportKind,
    params: Record<string, unknown>,
  ): Promise<ExportJobCreated> {
    const job = await jobs.create({
      storeId: store().id,
      userId: caller().user.id,
      kind,
      params,
      at: clock(),
    });
    runner.kick();
    return { id: job.id, status: job.status, statusText: EXPORT_STATUS_TEXT[job.status] };
  }

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
    async ({ input, store }) => {
      const { pageNum, pageSize } = input;
      const page = await jobs.page(store().id, pageNum, pageSize);
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

  route(
    app,
    api.again,
    access.store('export:again'),
    async (ctx) => {
      const earlier = await jobs.find(ctx.store().id, ctx.input.id);
      if (!earlier) throw notFound(EXPORT_TEXT.notFound, 'EXPORT_NOT_FOUND');
      return queue(ctx, earlier.kind as ExportKind, earlier.params);
    },
    { tags },
  );

  rawRoute(
    app,
    api.download,
    access.store(ANY_STAFF),
    async ({ input, store, reply }) => {
      const job = await jobs.file(store().id, input.id);
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
