import {
  APPROVAL_COLUMN_TITLES,
  auditMineExportBodySchema,
  auditPendingExportBodySchema,
  type ApprovalRow,
} from '@console/contract';
import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { dataScopeParamSchema } from '../roles/data-scope.js';
import { createApprovalsRepository } from './approvals.repository.js';
import { toApprovalRow } from './approvals.service.js';

/**
 * What a queued 待我审核 export keeps: the list's filters and who asked, as they were then (the runner has no
 * caller): the user (their own requests are left out), their data scope, and whether they may decide at all
 * (the list is empty without audit:approve or audit:reject, so is the file).
 */
export const pendingExportParams = z.object({
  userId: z.number().int(),
  scope: dataScopeParamSchema,
  mayDecide: z.boolean(),
  filter: auditPendingExportBodySchema,
});
export type PendingExportParams = z.infer<typeof pendingExportParams>;

/** What a queued 我发起的 export keeps: the list's filters and whose requests they are. */
export const mineExportParams = z.object({ userId: z.number().int(), filter: auditMineExportBodySchema });
export type MineExportParams = z.infer<typeof mineExportParams>;

const COLUMNS = titledColumns<ApprovalRow, keyof typeof APPROVAL_COLUMN_TITLES>(APPROVAL_COLUMN_TITLES, [
  { key: 'docNo', width: 26, cell: (r) => r.docNo },
  { key: 'busiType', width: 18, cell: (r) => r.busiTypeText },
  { key: 'storeName', width: 16, cell: (r) => r.storeName },
  { key: 'otherStoreName', width: 16, cell: (r) => r.otherStoreName ?? '' },
  { key: 'requesterName', width: 12, cell: (r) => r.requesterName },
  { key: 'valueCents', width: 12, format: 'yuan', cell: (r) => r.valueCents },
  { key: 'state', width: 10, cell: (r) => r.stateText },
  { key: 'decidedByName', width: 12, cell: (r) => r.decidedByName ?? '' },
  { key: 'reason', width: 24, cell: (r) => r.reason },
  { key: 'createdAt', width: 20, cell: (r) => r.createdAt },
  { key: 'decidedAt', width: 20, cell: (r) => r.decidedAt ?? '' },
]);

/** The tasks matching `where`, newest first, as the approval lists show them. */
function approvalSource(db: Database, where: SQL | undefined | null): SheetSource<ApprovalRow> {
  const repo = createApprovalsRepository(db);
  return {
    columns: COLUMNS,
    countUpTo: async (limit) => (where === null ? 0 : repo.countUpTo(where, limit)),
    async *pages(pageSize) {
      if (where === null) return;
      for (let before: number | null = null; ;) {
        const views = await repo.batch(where, before, pageSize);
        if (views.length === 0) return;
        yield views.map(toApprovalRow);
        if (views.length < pageSize) return;
        before = views.at(-1)!.task.id;
      }
    },
  };
}

/** 待我审核 as an Excel source (export kind `approvals-pending`): the list's filters and rows for its asker. */
export function pendingApprovalExport(db: Database, params: PendingExportParams): SheetSource<ApprovalRow> {
  const repo = createApprovalsRepository(db);
  return approvalSource(
    db,
    params.mayDecide ? repo.pendingWhere(params.scope, params.userId, params.filter) : null,
  );
}

/** 我发起的 as an Excel source (export kind `approvals-mine`): the asker's own requests with the list's filters. */
export function mineApprovalExport(db: Database, params: MineExportParams): SheetSource<ApprovalRow> {
  return approvalSource(db, createApprovalsRepository(db).mineWhere(params.userId, params.filter));
}
