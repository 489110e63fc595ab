import {
  LOAN_DAYS_MAX,
  LOAN_PERMISSIONS,
  LOAN_STATUS_TEXT,
  type LoanAction,
  type LoanDetail,
  type LoanPage,
  type LoanRow,
  type LoanSide,
  type LoanStatus,
  type loanApplyBodySchema,
  type loanListBodySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { shanghaiDateTime } from '../im/message-format.js';
import {
  createInventoryDocKit,
  type DocRef,
  type InventoryDocDeps,
  pricedLines,
  runDocAction,
} from './inventory-doc.js';
import { newLoanNo } from './inventory-numbers.js';
import { inTransaction, type InventoryActor, type Messenger } from './inventory-tx.js';
import { createLoansRepository, type LoanRecord, type LoanView } from './loans.repository.js';
import type { StockDoc } from './stock-ledger.js';

type ApplyBody = z.output<typeof loanApplyBodySchema>;
type ListBody = z.output<typeof loanListBodySchema>;

const DOC_TYPE = 'loan';
const DAY_MS = 86_400_000;
/** Spec 4.9 busiType 2 (借货审核): to-do 24, results 37 / 38; 10 (inventory family) the due reminder. */
const BUSI_TYPE = 2;
export const LOAN_MESSAGE = { dueTomorrow: 10, passed: 37, rejected: 38 } as const;

export const LOAN_TEXT = {
  notFound: '借货单不存在',
  lenderMissing: '借出门店不存在',
  lenderClosed: '借出门店已停业',
  sameStore: '不能向本店借货',
  skuMissing: (id: number) => `商品 ${id} 不存在或已停用`,
  dueTooSoon: '归还日期须晚于今天',
  dueTooLate: `借货期限不能超过${LOAN_DAYS_MAX}天`,
  notYourSide: (verb: string) => `本店不能${verb}该借货单`,
  noPermission: (verb: string) => `您没有${verb}的权限`,
  short: (name: string, available: number, wanted: number) =>
    `库存不足：${name} 可借 ${available}，需要 ${wanted}`,
  dueTomorrow: (no: string, storeName: string, day: string) =>
    `借货单 ${no}（向 ${storeName} 借货）将于 ${day} 到期，请及时归还`,
};

const ACTION_TEXT: Record<string, string> = {
  apply: '申请借货',
  approve: '审核通过',
  reject: '审核驳回',
  lend: '借出',
  return: '归还',
  cancel: '取消',
  remind: '到期提醒',
};
const VERB: Record<LoanAction, string> = { lend: '借出', return: '归还', cancel: '取消' };

/** Who does what (docs/domain/inventory.md "Borrowing"): the borrower returns, the lender lends, either cancels. */
const SIDE_ACTIONS: Record<LoanSide, Partial<Record<LoanStatus, LoanAction[]>>> = {
  in: { pending_review: ['cancel'], approved: ['cancel'], lent: ['return'] },
  out: { approved: ['lend', 'cancel'] },
};
const PERMISSION_OF: Record<LoanSide, Record<LoanAction, string>> = {
  in: { lend: LOAN_PERMISSIONS.lend, return: LOAN_PERMISSIONS.return, cancel: LOAN_PERMISSIONS.apply },
  out: { lend: LOAN_PERMISSIONS.lend, return: LOAN_PERMISSIONS.return, cancel: LOAN_PERMISSIONS.lend },
};

const sideOf = (loan: Pick<LoanRecord, 'borrowerStoreId'>, storeId: number): LoanSide =>
  loan.borrowerStoreId === storeId ? 'in' : 'out';
const actionsOf = (side: LoanSide, status: LoanStatus): LoanAction[] => SIDE_ACTIONS[side][status] ?? [];

/** A loan as the list shows it to `storeId`'s side, overdue as of `today` (Asia/Shanghai). */
export function toLoanRow(view: LoanView, storeId: number, today: string): LoanRow {
  const status = view.status as LoanStatus;
  return {
    id: view.id,
    loanNo: view.loanNo,
    status,
    statusText: LOAN_STATUS_TEXT[status],
    overdue: status === 'lent' && view.dueDate < today,
    side: sideOf(view, storeId),
    borrowerStoreCode: view.borrowerStoreCode,
    borrowerStoreName: view.borrowerStoreName,
    lenderStoreCode: view.lenderStoreCode,
    lenderStoreName: view.lenderStoreName,
    dueDate: view.dueDate,
    lineCount: view.lineCount,
    totalQuantity: view.totalQuantity,
    requestedByName: view.requestedByName,
    createdAt: shanghaiDateTime(view.createdAt),
    updatedAt: shanghaiDateTime(view.updatedAt),
  };
}

/**
 * 借货管理 (docs/domain/inventory.md "Borrowing"): the borrowing store applies (audit busiType 2, to-do 24),
 * an approver decides (37 / 38 to the requester), the lending store lends (its stock moves to the borrower
 * through the ledger), the borrower gives the same batches back. A cluster job reminds the borrower the day
 * before the due date; past it the loan reads 已逾期.
 */
export function createLoansService(deps: InventoryDocDeps) {
  const { db, clock, producer, audit, ledger, approvals } = deps;
  const repo = createLoansRepository(db);
  const kit = createInventoryDocKit<LoanStatus>({
    db,
    clock,
    docType: DOC_TYPE,
    noun: '借货单',
    statusText: LOAN_STATUS_TEXT,
    actionText: ACTION_TEXT,
    expandInfo: (ref) => ({ orderNo: ref.no }),
  });
  const today = () => shanghaiDay(clock());
  const refOf = (loan: LoanRecord): DocRef => ({ id: loan.id, no: loan.loanNo, status: loan.status });
  const docOf = (loan: LoanRecord, userId: number | null): StockDoc => ({
    type: DOC_TYPE,
    id: loan.id,
    no: loan.loanNo,
    userId,
  });
  const missing = () => notFound(LOAN_TEXT.notFound, 'LOAN_NOT_FOUND');

  async function changeTo(
    tx: Database,
    loan: LoanRecord,
    to: LoanStatus,
    set: { closeReason?: string } = {},
  ) {
    if (!(await repo.update(tx, loan, { ...set, status: to }))) throw kit.changed();
  }

  async function detail(actor: InventoryActor, id: number): Promise<LoanDetail> {
    const view = await repo.view(db, id);
    if (!view || (view.borrowerStoreId !== actor.storeId && view.lenderStoreId !== actor.storeId))
      throw missing();
    const side = sideOf(view, actor.storeId);
    const lines = await repo.lines(db, view);
    return {
      ...toLoanRow(view, actor.storeId, today()),
      remark: view.remark,
      closeReason: view.closeReason,
      lines,
      timeline: await kit.timeline(id),
      actions: actionsOf(side, view.status as LoanStatus).filter((a) =>
        actor.permissions.includes(PERMISSION_OF[side][a]),
      ),
    };
  }

  /** One store's action: party (404), side (403), state (409), button (403), then `run` with the audit row. */
  async function act(
    actor: InventoryActor,
    id: number,
    action: LoanAction,
    run: (tx: Database, loan: LoanRecord, messenger: Messenger) => Promise<void>,
  ): Promise<LoanDetail> {
    await runDocAction(deps, actor, {
      action: `loan.${action}`,
      lock: (tx) => repo.lock(tx, id, actor.storeId),
      notFound: missing,
      check(loan) {
        const side = sideOf(loan, actor.storeId);
        const status = loan.status as LoanStatus;
        if (!actionsOf(side, status).includes(action)) {
          const otherSide: LoanSide = side === 'in' ? 'out' : 'in';
          const onlyOther =
            action !== 'cancel' && Object.values(SIDE_ACTIONS[otherSide]).some((a) => a.includes(action));
          if (onlyOther) throw new AppError(403, 'LOAN_SIDE', LOAN_TEXT.notYourSide(VERB[action]));
          throw kit.illegal(status, VERB[action]);
        }
        if (!actor.permissions.includes(PERMISSION_OF[side][action]))
          throw new AppError(403, 'PERMISSION_DENIED', LOAN_TEXT.noPermission(VERB[action]));
      },
      run,
      target: (loan) => loan.loanNo,
      idKey: 'loanId',
    });
    return detail(actor, id);
  }

  /** Takes each line from the lender's batches, earliest expiry first, into the borrower's on-hand. */
  async function lendLines(tx: Database, loan: LoanRecord, userId: number) {
    const doc = docOf(loan, userId);
    const notes: string[] = [];
    for (const line of await repo.lines(tx, loan)) {
      const batches = await repo.availableBatches(tx, loan.lenderStoreId, line.skuId);
      const available = batches.reduce((sum, b) => sum + b.available, 0);
      if (available < line.quantity)
        throw conflict(LOAN_TEXT.short(line.skuName, available, line.quantity), 'STOCK_SHORT');
      let left = line.quantity;
      for (const { batchNo, available: inBatch } of batches) {
        if (left === 0) break;
        const quantity = Math.min(left, inBatch);
        const key = { skuId: line.skuId, batchNo };
        const dates = await ledger.take(tx, { ...key, storeId: loan.lenderStoreId }, quantity, 'lend', doc, {
          reserved: false,
        });
        await ledger.increase(
          tx,
          { ...key, storeId: loan.borrowerStoreId },
          dates,
          { onHand: quantity },
          'lend',
          doc,
        );
        notes.push(`${line.skuName} ${batchNo}×${quantity}`);
        left -= quantity;
      }
    }
    return notes.join('；');
  }

  /** Gives back exactly what was lent, batch by batch (409 when the borrower no longer has it). */
  async function returnLines(tx: Database, loan: LoanRecord, userId: number) {
    const moves = (await repo.lentBatches(tx, loan)).map(({ skuId, batchNo, quantity }) => ({
      from: loan.borrowerStoreId,
      to: loan.lenderStoreId,
      skuId,
      batchNo,
      quantity,
    }));
    await ledger.moveBetween(tx, moves, 'onHand', 'lend_return', docOf(loan, userId), { reserved: false });
  }

  async function pendingLoan(tx: Database, docId: number) {
    const loan = (await repo.lock(tx, docId, null))!;
    if (loan.status !== 'pending_review') throw kit.illegal(loan.status as LoanStatus, '审核');
    return loan;
  }
  approvals.register(BUSI_TYPE, {
    async lockDocument(tx, docId) {
      await repo.lock(tx, docId, null);
    },
    async approve(tx, task, actor, messenger) {
      const loan = await pendingLoan(tx, task.docId);
      await changeTo(tx, loan, 'approved');
      await kit.event(tx, refOf(loan), 'approve', 'approved', actor);
      await messenger.send(
        kit.result(
          loan.borrowerStoreId,
          LOAN_MESSAGE.passed,
          refOf(loan),
          '审核已通过，等待借出',
          '',
          task.requesterId,
        ),
      );
    },
    async reject(tx, task, actor, reason, messenger) {
      const loan = await pendingLoan(tx, task.docId);
      await changeTo(tx, loan, 'rejected', { closeReason: reason.slice(0, 200) });
      await kit.event(tx, refOf(loan), 'reject', 'rejected', actor, reason);
      await messenger.send(
        kit.result(
          loan.borrowerStoreId,
          LOAN_MESSAGE.rejected,
          refOf(loan),
          '审核被驳回',
          reason,
          task.requesterId,
        ),
      );
    },
  });

  /** The due date: after today (Asia/Shanghai) and at most LOAN_DAYS_MAX days ahead (422 otherwise). */
  function checkDue(dueDate: string) {
    const now = clock();
    if (dueDate <= shanghaiDay(now)) throw new AppError(422, 'LOAN_DUE_DATE', LOAN_TEXT.dueTooSoon);
    if (dueDate > shanghaiDay(new Date(now.getTime() + LOAN_DAYS_MAX * DAY_MS)))
      throw new AppError(422, 'LOAN_DUE_DATE', LOAN_TEXT.dueTooLate);
  }

  return {
    detail,

    async list(storeId: number, body: ListBody): Promise<LoanPage> {
      const day = today();
      return mapPage(await repo.page(storeId, body, day), (view) => toLoanRow(view, storeId, day));
    },

    /** The borrowing store applies: the audit (busiType 2) opens and the approvers get to-do 24. */
    async apply(actor: InventoryActor, body: ApplyBody): Promise<LoanDetail> {
      const lender = await repo.storeByCode(body.lenderStoreCode);
      if (!lender) throw new AppError(422, 'LOAN_LENDER', LOAN_TEXT.lenderMissing);
      if (!lender.enabled) throw new AppError(422, 'LOAN_LENDER', LOAN_TEXT.lenderClosed);
      if (lender.id === actor.storeId) throw new AppError(422, 'LOAN_SAME_STORE', LOAN_TEXT.sameStore);
      checkDue(body.dueDate);
      const valueCents = await pricedLines(
        db,
        body.lines,
        (skuId) => new AppError(422, 'LOAN_SKU', LOAN_TEXT.skuMissing(skuId)),
      );
      const now = clock();
      const loan = await inTransaction(db, producer, async (tx, messenger) => {
        const created = await repo.create(
          tx,
          {
            loanNo: newLoanNo(now),
            borrowerStoreId: actor.storeId,
            lenderStoreId: lender.id,
            status: 'pending_review',
            requestedBy: actor.userId,
            dueDate: body.dueDate,
            remark: body.remark,
            createdAt: now,
            updatedAt: now,
          },
          body.lines,
        );
        await kit.event(tx, { id: created.id, status: '' }, 'apply', 'pending_review', actor, body.remark);
        const view = (await repo.view(tx, created.id))!;
        await approvals.open(tx, messenger, {
          busiType: BUSI_TYPE,
          docId: created.id,
          docNo: created.loanNo,
          storeId: actor.storeId,
          otherStoreId: lender.id,
          requesterId: actor.userId,
          valueCents,
          storeName: view.borrowerStoreName,
        });
        await audit.record(
          {
            action: 'loan.apply',
            userId: actor.userId,
            target: created.loanNo,
            client: actor.client,
            detail: { before: null, after: { loanNo: created.loanNo, status: created.status }, body },
          },
          tx,
        );
        return created;
      });
      return detail(actor, loan.id);
    },

    lend: (actor: InventoryActor, id: number) =>
      act(actor, id, 'lend', async (tx, loan) => {
        const note = await lendLines(tx, loan, actor.userId);
        await changeTo(tx, loan, 'lent');
        await kit.event(tx, refOf(loan), 'lend', 'lent', actor, note);
      }),

    return: (actor: InventoryActor, id: number) =>
      act(actor, id, 'return', async (tx, loan) => {
        await returnLines(tx, loan, actor.userId);
        await changeTo(tx, loan, 'returned');
        await kit.event(tx, refOf(loan), 'return', 'returned', actor);
      }),

    cancel: (actor: InventoryActor, id: number, reason: string) =>
      act(actor, id, 'cancel', async (tx, loan) => {
        await approvals.withdraw(tx, BUSI_TYPE, loan.id);
        await changeTo(tx, loan, 'cancelled', { closeReason: reason.slice(0, 200) });
        await kit.event(tx, refOf(loan), 'cancel', 'cancelled', actor, reason);
      }),

    /**
     * The day-before reminder (cluster job): every lent loan due tomorrow tells the borrowing store's staff
     * once; claiming it and sending commit together. Answers how many were reminded.
     */
    async remindDue(): Promise<number> {
      const now = clock();
      const tomorrow = shanghaiDay(new Date(now.getTime() + DAY_MS));
      return inTransaction(db, producer, async (tx, messenger) => {
        const due = await repo.claimDue(tx, tomorrow, now);
        for (const loan of due) {
          const view = (await repo.view(tx, loan.id))!;
          await messenger.send(
            kit.message(
              loan.borrowerStoreId,
              LOAN_MESSAGE.dueTomorrow,
              LOAN_TEXT.dueTomorrow(loan.loanNo, view.lenderStoreName, loan.dueDate),
              refOf(loan),
            ),
          );
          await kit.event(tx, refOf(loan), 'remind', 'lent', null, `${loan.dueDate} 到期`);
        }
        return due.length;
      });
    },
  };
}

export type LoansService = ReturnType<typeof createLoansService>;
