import {
  LOAN_PATHS as P,
  INVENTORY_PATHS,
  resolveMessageTarget,
  type LoanDetail,
  type LoanPage,
} from '@console/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skus, stockLoans, stockMovements } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  messagesOf,
  seedCatalogue,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';
import { inventoryTestKit } from './inventory-test-fixtures.js';

const DAY_MS = 86_400_000;
let t: TestApp;
let storeA: OrderStore;
let storeB: OrderStore;
let storeC: OrderStore;
/** Borrows for A (apply, return). */
let clerkA: OrderStaff;
/** Lends for B. */
let clerkB: OrderStaff;
let clerkC: OrderStaff;
/** A clerk of A holding the lender's button: still not the lending side. */
let lenderAtA: OrderStaff;
/** Approves for A and B; also a clerk of A who applies, so the own-request rule can be tried. */
let approver: OrderStaff;
let skuA: number;
let skuB: number;

const IN = ['borrow:apply', 'borrow:return'];
const OUT = ['borrow:lend'];
const AUDIT = ['audit:approve', 'audit:reject'];

const day = (offset: number) => shanghaiDay(new Date(t.clock().getTime() + offset * DAY_MS));
let kit: ReturnType<typeof inventoryTestKit>;
type Body = Record<string, unknown>;
const post = (who: OrderStaff, path: string, store: OrderStore, body?: Body) =>
  kit.post(who, path, store, body);
const ok = <T>(who: OrderStaff, path: string, store: OrderStore, body?: Body) =>
  kit.ok<T>(who, path, store, body);
const onHand = (store: OrderStore, skuId: number, batchNo: string) => kit.onHand(store, skuId, batchNo);
const taskOf = (loanId: number) => kit.taskOf(loanId, 2);
const apply = (lines: { skuId: number; quantity: number }[], who = clerkA, dueDate = day(7)) =>
  ok<LoanDetail>(who, P.apply, storeA, { lenderStoreCode: storeB.code, dueDate, remark: '周末活动', lines });
const decide = (loanId: number, decision: 'approve' | 'reject', who = approver, reason = '') =>
  taskOf(loanId).then((task) =>
    post(who, INVENTORY_PATHS.auditDecide, storeA, { id: task.id, decision, reason }),
  );
async function approved(quantity = 3) {
  const loan = await apply([{ skuId: skuA, quantity }]);
  expect((await decide(loan.id, 'approve')).statusCode).toBe(200);
  return loan;
}

beforeAll(async () => {
  t = await createTestApp();
  kit = inventoryTestKit(t);
  await seedCatalogue(t.db);
  const rows = await t.db
    .select({ id: skus.id })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(skus.id)
    .limit(2);
  [skuA, skuB] = rows.map((r) => r.id) as [number, number];
  [storeA, storeB, storeC] = [
    await addOrderStore(t.db),
    await addOrderStore(t.db),
    await addOrderStore(t.db),
  ];
  clerkA = await addOrderStaff(t, [storeA], IN);
  clerkB = await addOrderStaff(t, [storeB], OUT);
  clerkC = await addOrderStaff(t, [storeC], [...IN, ...OUT]);
  lenderAtA = await addOrderStaff(t, [storeA], OUT);
  approver = await addOrderStaff(t, [storeA, storeB], [...AUDIT, ...IN]);
  // Two batches at B: the loan takes the earlier expiry first.
  await kit.receive(storeB, skuA, 'B-EARLY', 2, '2027-03-01');
  await kit.receive(storeB, skuA, 'B-LATE', 50, '2027-09-01');
  await kit.receive(storeB, skuB, 'B-SKUB', 1, '2027-09-01');
});

afterAll(async () => {
  await t.close();
});

describe('borrowing (借货, busiType 2)', () => {
  it('applies: pending review, to-do 24 to the approver (not the requester), visible to both stores only', async () => {
    const loan = await apply([{ skuId: skuA, quantity: 3 }]);
    expect(loan).toMatchObject({
      status: 'pending_review',
      statusText: '待审核',
      side: 'in',
      overdue: false,
    });
    expect(loan.actions).toEqual(['cancel']);
    const task = await taskOf(loan.id);
    expect(task).toMatchObject({
      status: 'pending',
      storeId: storeA.id,
      otherStoreId: storeB.id,
      requesterId: clerkA.id,
    });
    const todo = (await messagesOf(t.db, approver.id)).find((m) => m.messageType === 24);
    expect(todo).toMatchObject({
      businessType: 5,
      expandInfo: expect.objectContaining({ busiType: 2, docId: loan.id }),
    });
    expect((await messagesOf(t.db, clerkA.id)).some((m) => m.messageType === 24)).toBe(false);

    const lent = await ok<LoanDetail>(clerkB, P.detail, storeB, { id: loan.id });
    expect(lent).toMatchObject({ side: 'out', actions: [] });
    const foreign = await post(clerkC, P.detail, storeC, { id: loan.id });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).errorMsg).toBe('借货单不存在');
    const listC = await ok<LoanPage>(clerkC, P.list, storeC, {});
    expect(listC.list.map((r) => r.id)).not.toContain(loan.id);
    const cancelC = await post(clerkC, P.cancel, storeC, { id: loan.id, reason: '试试' });
    expect(cancelC.statusCode).toBe(404);
  });

  it('refuses a bad application with a Chinese 4xx', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ lenderStoreCode: storeA.code, dueDate: day(3) }, 422, '不能向本店借货'],
      [{ lenderStoreCode: 'MD9999X', dueDate: day(3) }, 422, '借出门店不存在'],
      [{ lenderStoreCode: storeB.code, dueDate: day(0) }, 422, '归还日期须晚于今天'],
      [{ lenderStoreCode: storeB.code, dueDate: day(31) }, 422, '借货期限不能超过30天'],
      [{ lenderStoreCode: storeB.code }, 400, '日期格式不正确'],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(clerkA, P.apply, storeA, {
        lines: [{ skuId: skuA, quantity: 1 }],
        ...body,
      });
      expect(response.statusCode, message).toBe(status);
      expect(errorOf(response).errorMsg).toContain(message);
    }
    const noLines = await post(clerkA, P.apply, storeA, {
      lenderStoreCode: storeB.code,
      dueDate: day(3),
      lines: [],
    });
    expect(noLines.statusCode).toBe(400);
    expect(errorOf(noLines).errorMsg).toContain('请添加借货商品');
    const lender = await post(clerkB, P.apply, storeB, {
      lenderStoreCode: storeA.code,
      dueDate: day(3),
      lines: [{ skuId: skuA, quantity: 1 }],
    });
    expect(lender.statusCode).toBe(403);
  });

  it('nobody approves their own request; approval sends 37 to the requester; the lender lends', async () => {
    const own = await apply([{ skuId: skuA, quantity: 1 }], approver);
    const refused = await decide(own.id, 'approve', approver);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).errorMsg).toBe('不能审核自己发起的申请');

    const loan = await approved(3);
    const after = await ok<LoanDetail>(clerkA, P.detail, storeA, { id: loan.id });
    expect(after).toMatchObject({ status: 'approved', statusText: '待借出', actions: ['cancel'] });
    const passed = (await messagesOf(t.db, clerkA.id)).find((m) => m.messageType === 37);
    expect(passed).toMatchObject({ businessType: 6, expandInfo: expect.objectContaining({ id: loan.id }) });
    expect(
      resolveMessageTarget(6, { messageType: 37, expandInfo: passed!.expandInfo as Record<string, string> }),
    ).toEqual({ kind: 'route', name: 'DailySecondmentDetail', query: { id: String(loan.id) } });
    // Only the lender lends, and it is the borrower who returns.
    const wrongSide = await post(lenderAtA, P.lend, storeA, { id: loan.id });
    expect((await post(clerkA, P.lend, storeA, { id: loan.id })).statusCode).toBe(403);
    expect(wrongSide.statusCode).toBe(403);
    expect(errorOf(wrongSide).errorMsg).toBe('本店不能借出该借货单');
    const early = await post(clerkA, P.return, storeA, { id: loan.id });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).errorMsg).toBe('借货单当前状态为「待借出」，不能归还');

    const beforeB = [await onHand(storeB, skuA, 'B-EARLY'), await onHand(storeB, skuA, 'B-LATE')];
    const lent = await ok<LoanDetail>(clerkB, P.lend, storeB, { id: loan.id });
    expect(lent).toMatchObject({ status: 'lent', actions: [] });
    expect(lent.lines[0]!.batches).toBe('B-EARLY×2、B-LATE×1');
    expect([await onHand(storeB, skuA, 'B-EARLY'), await onHand(storeB, skuA, 'B-LATE')]).toEqual([
      beforeB[0]! - 2,
      beforeB[1]! - 1,
    ]);
    expect(await onHand(storeA, skuA, 'B-EARLY')).toBe(2);
    const moves = await t.db
      .select({
        storeId: stockMovements.storeId,
        onHandDelta: stockMovements.onHandDelta,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.docType, 'loan'), eq(stockMovements.docId, loan.id)))
      .orderBy(asc(stockMovements.id));
    expect(moves).toEqual([
      { storeId: storeB.id, onHandDelta: -2, reason: 'lend' },
      { storeId: storeA.id, onHandDelta: 2, reason: 'lend' },
      { storeId: storeB.id, onHandDelta: -1, reason: 'lend' },
      { storeId: storeA.id, onHandDelta: 1, reason: 'lend' },
    ]);
    const again = await post(clerkB, P.lend, storeB, { id: loan.id });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).errorMsg).toBe('借货单当前状态为「已借出」，不能借出');
    const cancelLent = await post(clerkA, P.cancel, storeA, { id: loan.id, reason: '不要了' });
    expect(cancelLent.statusCode).toBe(409);

    // The borrower gives back the very batches; the lender's stock is whole again.
    const back = await ok<LoanDetail>(clerkA, P.return, storeA, { id: loan.id });
    expect(back).toMatchObject({ status: 'returned', statusText: '已归还', actions: [] });
    expect([await onHand(storeB, skuA, 'B-EARLY'), await onHand(storeB, skuA, 'B-LATE')]).toEqual(beforeB);
    expect(await onHand(storeA, skuA, 'B-EARLY')).toBe(0);
    expect(back.timeline.map((e) => e.action)).toEqual(['apply', 'approve', 'lend', 'return']);
    const twice = await post(clerkA, P.return, storeA, { id: loan.id });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).errorMsg).toBe('借货单当前状态为「已归还」，不能归还');
  });

  it('rejects with 38 and a reason; a rejected loan moves no further', async () => {
    const loan = await apply([{ skuId: skuA, quantity: 1 }]);
    const noReason = await decide(loan.id, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect((await decide(loan.id, 'reject', approver, '库存紧张')).statusCode).toBe(200);
    const after = await ok<LoanDetail>(clerkA, P.detail, storeA, { id: loan.id });
    expect(after).toMatchObject({ status: 'rejected', closeReason: '库存紧张', actions: [] });
    const rejected = (await messagesOf(t.db, clerkA.id)).find(
      (m) => m.messageType === 38 && (m.expandInfo as { id: number }).id === loan.id,
    );
    expect(rejected?.text).toContain('库存紧张');
    expect((await post(clerkB, P.lend, storeB, { id: loan.id })).statusCode).toBe(409);
    expect((await post(clerkA, P.cancel, storeA, { id: loan.id, reason: 'x' })).statusCode).toBe(409);
  });

  it('cancels: the borrower before the decision (task withdrawn), the lender once approved', async () => {
    const pending = await apply([{ skuId: skuA, quantity: 1 }]);
    const withdrawn = await ok<LoanDetail>(clerkA, P.cancel, storeA, { id: pending.id, reason: '不需要了' });
    expect(withdrawn).toMatchObject({ status: 'cancelled', closeReason: '不需要了' });
    expect((await taskOf(pending.id)).status).toBe('withdrawn');
    expect((await decide(pending.id, 'approve')).statusCode).toBe(409);

    const byLender = await approved(1);
    expect((await post(clerkB, P.cancel, storeB, { id: byLender.id, reason: '' })).statusCode).toBe(400);
    const declined = await ok<LoanDetail>(clerkB, P.cancel, storeB, {
      id: byLender.id,
      reason: '本店也缺货',
    });
    expect(declined).toMatchObject({ status: 'cancelled', side: 'out' });
    expect((await post(clerkB, P.lend, storeB, { id: byLender.id })).statusCode).toBe(409);
  });

  it('never lends more than the lender has: 409 and nothing moves', async () => {
    const loan = await apply([{ skuId: skuB, quantity: 5 }]);
    expect((await decide(loan.id, 'approve')).statusCode).toBe(200);
    const short = await post(clerkB, P.lend, storeB, { id: loan.id });
    expect(short.statusCode).toBe(409);
    expect(errorOf(short).errorMsg).toContain('库存不足');
    expect(await onHand(storeB, skuB, 'B-SKUB')).toBe(1);
    expect((await ok<LoanDetail>(clerkB, P.detail, storeB, { id: loan.id })).status).toBe('approved');
  });

  it('shows 已逾期 on both lists past the due date, filterable; reminds the borrower once the day before', async () => {
    const loan = await approved(1);
    await ok<LoanDetail>(clerkB, P.lend, storeB, { id: loan.id });
    // Due in 7 days: move the due date to tomorrow, then run the reminder twice.
    await t.db
      .update(stockLoans)
      .set({ dueDate: day(1) })
      .where(eq(stockLoans.id, loan.id));
    expect(await t.app.jobs.runNow('inventory.loan-due-reminder')).toMatchObject({ ok: true });
    await t.app.jobs.runNow('inventory.loan-due-reminder');
    const reminders = (await messagesOf(t.db, clerkA.id)).filter(
      (m) => m.messageType === 10 && (m.expandInfo as { id: number }).id === loan.id,
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ businessType: 4, storeId: storeA.id });
    expect(reminders[0]!.text).toContain(loan.loanNo);
    expect((await messagesOf(t.db, clerkB.id)).some((m) => m.messageType === 10)).toBe(false);

    const notYet = await ok<LoanPage>(clerkA, P.list, storeA, { status: 'overdue' });
    expect(notYet.list.map((r) => r.id)).not.toContain(loan.id);
    await t.db
      .update(stockLoans)
      .set({ dueDate: day(-1) })
      .where(eq(stockLoans.id, loan.id));
    for (const [who, store, side] of [
      [clerkA, storeA, 'in'],
      [clerkB, storeB, 'out'],
    ] as const) {
      const overdue = await ok<LoanPage>(who, P.list, store, { status: 'overdue' });
      expect(overdue.list.map((r) => r.id)).toEqual([loan.id]);
      expect(overdue.total).toBe(1);
      expect(overdue.list[0]).toMatchObject({ overdue: true, status: 'lent', side });
      const sided = await ok<LoanPage>(who, P.list, store, {
        side: side === 'in' ? 'out' : 'in',
        status: 'overdue',
      });
      expect(sided.total).toBe(0);
    }
    const byNo = await ok<LoanPage>(clerkB, P.list, storeB, { keyword: loan.loanNo.toLowerCase() });
    expect(byNo.list.map((r) => r.id)).toEqual([loan.id]);
    // Returned, it is no longer overdue.
    await ok<LoanDetail>(clerkA, P.return, storeA, { id: loan.id });
    expect((await ok<LoanPage>(clerkA, P.list, storeA, { status: 'overdue' })).total).toBe(0);
  });
});
