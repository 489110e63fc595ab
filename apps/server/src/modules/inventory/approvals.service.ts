import {
  APPROVAL_STATE_TEXT,
  BUSI_TYPE_TEXT,
  type ApprovalRow,
  type ApprovalState,
  type AuditBatchResult,
  type BusiType,
  type auditDecideBodySchema,
  type auditMineBodySchema,
  type auditPendingBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, conflict, forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AuditLog } from '../audit/audit-log.js';
import { shanghaiDateTime } from '../im/message-format.js';
import { staffOf, type MessageProducer } from '../im/message-producer.js';
import { loadDataScope, storeIdsInScope, type DataScope } from '../roles/data-scope.js';
import { createApprovalsRepository, type ApprovalRecord, type ApprovalView } from './approvals.repository.js';
import { inTransaction, type InventoryActor, type Messenger } from './inventory-tx.js';

/** Approval to-dos (business type 5) by busiType, spec 4.9: 21 request goods … 24 borrowed goods. */
export const APPROVAL_TODO_TYPE: Record<BusiType, number> = { 1: 21, 2: 24, 3: 23, 4: 22 };
export const APPROVAL_BUSINESS_TYPE = 5;
export { RESULT_BUSINESS_TYPE } from './inventory-doc.js';
export const APPROVE_PERMISSION = 'audit:approve';
export const REJECT_PERMISSION = 'audit:reject';
/** A request above this value (cents) is decided by head office only (a scope of all stores). */
export const HEAD_OFFICE_APPROVAL_CENTS = 500_000;

export const APPROVAL_TEXT = {
  notFound: '审核任务不存在',
  own: '不能审核自己发起的申请',
  headOfficeOnly: '该申请金额超过限额，需由总部审核',
  decided: (state: ApprovalState) => `该审核任务${APPROVAL_STATE_TEXT[state]}，不能重复处理`,
  noPermission: (decision: 'approve' | 'reject') =>
    `您没有审核${decision === 'approve' ? '通过' : '驳回'}的权限`,
  todo: (docNo: string, storeName: string) => `${storeName} 的单据 ${docNo} 待您审核`,
};

type DecideBody = z.output<typeof auditDecideBodySchema>;
type PendingBody = z.output<typeof auditPendingBodySchema>;
type MineBody = z.output<typeof auditMineBodySchema>;

/** What a business document does when its task is decided, inside the decision's transaction. */
export type ApprovalHandler = {
  /** Locks the document before the task (the order every change of the document uses: no deadlock). */
  lockDocument(tx: Database, docId: number): Promise<void>;
  approve(tx: Database, task: ApprovalRecord, actor: InventoryActor, messenger: Messenger): Promise<void>;
  reject(
    tx: Database,
    task: ApprovalRecord,
    actor: InventoryActor,
    reason: string,
    messenger: Messenger,
  ): Promise<void>;
};

export function toApprovalRow(view: ApprovalView): ApprovalRow {
  const { task } = view;
  const state = task.status as ApprovalState;
  return {
    id: task.id,
    busiType: task.busiType,
    busiTypeText: BUSI_TYPE_TEXT[task.busiType as BusiType] ?? '',
    docId: task.docId,
    docNo: task.docNo,
    storeName: view.storeName,
    otherStoreName: view.otherStoreName,
    requesterName: view.requesterName,
    valueCents: task.valueCents,
    headOfficeOnly: task.headOfficeOnly,
    state,
    stateText: APPROVAL_STATE_TEXT[state],
    decidedByName: view.decidedByName,
    reason: task.reason,
    createdAt: shanghaiDateTime(task.createdAt),
    decidedAt: task.decidedAt ? shanghaiDateTime(task.decidedAt) : null,
  };
}

/**
 * 审核任务 (docs/domain/inventory.md "Approval tasks"): one inbox over the four business types. Who may decide
 * is checked on every decision: the button permission, a data scope covering every store of the document,
 * head office for tasks above the value, and never the requester.
 */
export function createApprovalsService(deps: {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  audit: AuditLog;
  scopeOf: (userId: number) => Promise<DataScope>;
}) {
  const { db, clock, producer, audit, scopeOf } = deps;
  const repo = createApprovalsRepository(db);
  const handlers = new Map<number, ApprovalHandler>();

  async function covers(
    scope: DataScope,
    task: Pick<ApprovalRecord, 'storeId' | 'otherStoreId' | 'headOfficeOnly'>,
    conn: Database = db,
  ) {
    if (scope.all) return true;
    if (task.headOfficeOnly) return false;
    const ids = [task.storeId, ...(task.otherStoreId ? [task.otherStoreId] : [])];
    const inside = await storeIdsInScope(conn, scope, ids);
    return ids.every((id) => inside.has(id));
  }

  /** Users who may decide `task`: approvers whose scope covers it, minus the requester. */
  async function approversOf(tx: Database, task: ApprovalRecord): Promise<number[]> {
    const holders = (await repo.holdersOf(tx, APPROVE_PERMISSION)).filter((id) => id !== task.requesterId);
    const approvers: number[] = [];
    for (const id of holders) if (await covers(await loadDataScope(tx, id), task, tx)) approvers.push(id);
    return approvers;
  }

  async function decideOne(actor: InventoryActor, body: DecideBody): Promise<ApprovalRow> {
    const permission = body.decision === 'approve' ? APPROVE_PERMISSION : REJECT_PERMISSION;
    if (!actor.permissions.includes(permission))
      throw forbidden(APPROVAL_TEXT.noPermission(body.decision), 'APPROVAL_NOT_ALLOWED');
    const scope = await scopeOf(actor.userId);
    const read = await repo.find(db, body.id);
    if (!read || !(await covers(scope, read)) || !handlers.has(read.busiType))
      throw notFound(APPROVAL_TEXT.notFound, 'APPROVAL_NOT_FOUND');
    if (read.requesterId === actor.userId) throw forbidden(APPROVAL_TEXT.own, 'APPROVAL_OWN_REQUEST');
    const handler = handlers.get(read.busiType)!;
    const now = clock();
    await inTransaction(db, producer, async (tx, messenger) => {
      await handler.lockDocument(tx, read.docId);
      const task = (await repo.lock(tx, read.id))!;
      if (task.status !== 'pending')
        throw conflict(APPROVAL_TEXT.decided(task.status as ApprovalState), 'APPROVAL_DECIDED');
      const status = body.decision === 'approve' ? 'approved' : 'rejected';
      await repo.decide(tx, task.id, {
        status,
        decidedBy: actor.userId,
        reason: body.reason,
        decidedAt: now,
      });
      if (body.decision === 'approve') await handler.approve(tx, task, actor, messenger);
      else await handler.reject(tx, task, actor, body.reason, messenger);
      await audit.record(
        {
          action: `approval.${status}`,
          userId: actor.userId,
          target: `${task.busiType}:${task.docNo}`,
          client: actor.client,
          detail: { taskId: task.id, before: { status: 'pending' }, after: { status, reason: body.reason } },
        },
        tx,
      );
    });
    return toApprovalRow((await repo.view(db, body.id))!);
  }

  return {
    register(busiType: BusiType, handler: ApprovalHandler) {
      handlers.set(busiType, handler);
    },

    /**
     * Opens a task for a document inside its transaction and sends the to-do (21–24) to every approver
     * authorised for the requesting store.
     */
    async open(
      tx: Database,
      messenger: Messenger,
      input: {
        busiType: BusiType;
        docId: number;
        docNo: string;
        storeId: number;
        otherStoreId: number | null;
        requesterId: number;
        valueCents: number;
        storeName: string;
      },
    ): Promise<ApprovalRecord> {
      const task = await repo.insert(tx, {
        busiType: input.busiType,
        docId: input.docId,
        docNo: input.docNo,
        storeId: input.storeId,
        otherStoreId: input.otherStoreId,
        requesterId: input.requesterId,
        valueCents: input.valueCents,
        headOfficeOnly: input.busiType === 1 && input.valueCents > HEAD_OFFICE_APPROVAL_CENTS,
        createdAt: clock(),
      });
      const approvers = await approversOf(tx, task);
      const receivers = approvers.length ? await staffOf(tx, input.storeId, approvers) : [];
      if (receivers.length)
        await messenger.send({
          storeId: input.storeId,
          receiverIds: receivers,
          businessType: APPROVAL_BUSINESS_TYPE,
          messageType: APPROVAL_TODO_TYPE[input.busiType],
          text: APPROVAL_TEXT.todo(input.docNo, input.storeName),
          expandInfo: { id: task.id, busiType: input.busiType, docId: input.docId, orderNo: input.docNo },
          source: 'inventory',
        });
      return task;
    },

    withdraw: (tx: Database, busiType: BusiType, docId: number) =>
      repo.withdraw(tx, busiType, docId, clock()),

    async pending(actor: InventoryActor, body: PendingBody) {
      if (!actor.permissions.includes(APPROVE_PERMISSION) && !actor.permissions.includes(REJECT_PERMISSION))
        return { list: [], total: 0, pageNum: body.pageNum, pageSize: body.pageSize };
      const scope = await scopeOf(actor.userId);
      return mapPage(await repo.pendingPage(scope, actor.userId, body), toApprovalRow);
    },

    async mine(actor: InventoryActor, body: MineBody) {
      return mapPage(await repo.minePage(actor.userId, body), toApprovalRow);
    },

    decide: decideOne,

    /** Each task in its own transaction: one stale task answers its reason and the others still pass. */
    async batchApprove(actor: InventoryActor, ids: readonly number[]): Promise<AuditBatchResult> {
      const results: AuditBatchResult['results'] = [];
      for (const id of [...new Set(ids)]) {
        try {
          await decideOne(actor, { storeCode: '', id, decision: 'approve', reason: '' });
          results.push({ id, ok: true, message: '已通过' });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, message: error.message });
        }
      }
      return { results };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
