import {
  EXPORT_KIND_TEXT,
  EXPORT_PATHS,
  EXPORT_STATUS_TEXT,
  exportAgainBodySchema,
  exportDownloadQuerySchema,
  exportJobCreatedSchema,
  exportRecordPageSchema,
  exportRecordsBodySchema,
  receivedOrdersExportBodySchema,
  type ExportJobCreated,
  type ExportKind,
  type ExportStatus,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { callerOf } from '../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../plugins/store-scope.js';
import { createStoreRepository } from '../stores/store.repository.js';
import { createExportJobRepository } from './export-jobs.repository.js';
import { createExportRunner, type ExportRunner, type ExportRunnerOptions } from './export-runner.js';
import { EXPORT_TEXT } from './exports.messages.js';

const TAGS = ['exports'];
const SIGNED_IN = [{ bearer: [] }];
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The menu buttons (seed/menu-tree.ts) that gate exporting. */
type ExportPermission = 'order:export' | 'export:again';

function requireButton(permission: ExportPermission) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!callerOf(request).roles.includes(permission))
      throw forbidden(EXPORT_TEXT.permissionDenied, 'EXPORT_PERMISSION_DENIED');
  };
}

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
  const stores = createStoreRepository(db);
  const jobs = createExportJobRepository(db);
  const runner = createExportRunner({ db, jobs, clock, log: app.log, ...runnerOptions });
  app.addHook('onClose', () => runner.stop());

  const scoped = (...permissions: ExportPermission[]) => ({
    preValidation: app.authenticate,
    preHandler: [storeScope(stores, 'storeCode'), ...permissions.map(requireButton)],
  });

  async function queue(
    request: FastifyRequest,
    kind: ExportKind,
    params: Record<string, unknown>,
  ): Promise<ExportJobCreated> {
    const job = await jobs.create({
      storeId: scopedStoreOf(request).id,
      userId: callerOf(request).user.id,
      kind,
      params,
      at: clock(),
    });
    runner.kick();
    return { id: job.id, status: job.status, statusText: EXPORT_STATUS_TEXT[job.status] };
  }

  app.post(
    EXPORT_PATHS.receivedOrders,
    {
      ...scoped('order:export'),
      schema: {
        tags: TAGS,
        summary:
          'Queue an Excel export of the received orders with the list filters; answers the job at once',
        security: SIGNED_IN,
        body: receivedOrdersExportBodySchema,
        response: replies(exportJobCreatedSchema),
      },
    },
    async (request) => ok(await queue(request, 'received-orders', request.body)),
  );

  app.post(
    EXPORT_PATHS.records,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: "The store's export records, newest first, with status and progress",
        security: SIGNED_IN,
        body: exportRecordsBodySchema,
        response: replies(exportRecordPageSchema),
      },
    },
    async (request) => {
      const { pageNum, pageSize } = request.body;
      const page = await jobs.page(scopedStoreOf(request).id, pageNum, pageSize);
      return ok({
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
      });
    },
  );

  app.post(
    EXPORT_PATHS.again,
    {
      ...scoped('export:again'),
      schema: {
        tags: TAGS,
        summary: 'Queue a new job with the parameters of an earlier one of the store',
        security: SIGNED_IN,
        body: exportAgainBodySchema,
        response: replies(exportJobCreatedSchema),
      },
    },
    async (request) => {
      const earlier = await jobs.find(scopedStoreOf(request).id, request.body.id);
      if (!earlier) throw notFound(EXPORT_TEXT.notFound, 'EXPORT_NOT_FOUND');
      return ok(await queue(request, earlier.kind as ExportKind, earlier.params));
    },
  );

  app.get(
    EXPORT_PATHS.download,
    {
      ...scoped(),
      schema: {
        tags: TAGS,
        summary: 'The .xlsx of a finished job of the store',
        security: SIGNED_IN,
        querystring: exportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const job = await jobs.file(scopedStoreOf(request).id, request.query.id);
      if (!job) throw notFound(EXPORT_TEXT.notFound, 'EXPORT_NOT_FOUND');
      if (job.status === 'failed') throw conflict(EXPORT_TEXT.failed, 'EXPORT_FAILED');
      if (job.status !== 'done' || !job.content) throw conflict(EXPORT_TEXT.notReady, 'EXPORT_NOT_READY');
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentHeader(job.fileName))
        .header('cache-control', 'private, no-store')
        .send(job.content);
    },
  );

  return runner;
}
