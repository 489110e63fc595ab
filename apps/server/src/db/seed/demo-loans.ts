import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  approvalTasks,
  skus,
  stockDocEvents,
  stockLoanLines,
  stockLoans,
  stores,
  userStores,
  users,
} from '../schema.js';
import { shanghaiDay } from '../../modules/dashboard/daily-metrics.js';
import { createStockLedger } from '../../modules/inventory/stock-ledger.js';

const DAY_MS = 86_400_000;
/** The lender's batch the demo loans go out in (every demo store holds 60 of it, docs/domain/inventory.md). */
const LENT_BATCH = 'B2610';

/** borrower ← lender, state, due in days from today (negative: past), quantities of the first SKUs. */
type LoanPlan = [
  no: string,
  borrower: string,
  lender: string,
  status: string,
  dueIn: number,
  lines: number[],
];

// The demo accounts' stores (马驹桥店 solo, 亦庄文化园店 / 亦庄荣华店 staff): every state, one overdue, one due tomorrow.
const LOANS: readonly LoanPlan[] = [
  ['LN20261101090000000001', '马驹桥店', '亦庄文化园店', 'pending_review', 5, [4, 2]],
  ['LN20261101090000000002', '亦庄荣华店', '马驹桥店', 'approved', 7, [3]],
  ['LN20261101090000000003', '马驹桥店', '亦庄荣华店', 'lent', 1, [2, 2]],
  ['LN20261101090000000004', '亦庄文化园店', '马驹桥店', 'lent', -2, [5]],
  ['LN20261101090000000005', '亦庄荣华店', '马驹桥店', 'lent', 10, [1]],
  ['LN20261101090000000006', '亦庄荣华店', '亦庄文化园店', 'returned', -1, [6]],
  ['LN20261101090000000007', '亦庄文化园店', '亦庄荣华店', 'rejected', 4, [8]],
  ['LN20261101090000000008', '马驹桥店', '亦庄荣华店', 'cancelled', 3, [2]],
];
/** The timeline after the application, by state. */
const FLOW: Record<string, string[]> = {
  approved: ['approve'],
  lent: ['approve', 'lend'],
  returned: ['approve', 'lend', 'return'],
  rejected: ['reject'],
  cancelled: ['cancel'],
};
const TASK_STATE: Record<string, string> = {
  pending_review: 'pending',
  rejected: 'rejected',
  cancelled: 'withdrawn',
};
const REASON: Record<string, string> = { rejected: '本店库存也紧张', cancelled: '已从仓库要货' };

/** Demo loans (借货管理) in every state; lent goods move between the stores through the ledger. */
export async function seedDemoLoans(tx: Database, now: Date): Promise<void> {
  const ledger = createStockLedger();
  const storeId = new Map(
    (await tx.select({ id: stores.id, name: stores.shopName }).from(stores)).map((s) => [s.name, s.id]),
  );
  const catalogue = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(asc(skus.id));
  const people = await tx
    .select({ storeId: userStores.storeId, userId: users.id, nickName: users.nickName })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .orderBy(asc(users.id));
  const admin = people.find((p) => p.nickName === '系统管理员');
  const clerkAt = (id: number) =>
    people.find((p) => p.storeId === id && p.nickName !== '系统管理员') ??
    people.find((p) => p.storeId === id);

  for (const [index, [loanNo, borrowerName, lenderName, status, dueIn, quantities]] of LOANS.entries()) {
    const borrowerStoreId = storeId.get(borrowerName);
    const lenderStoreId = storeId.get(lenderName);
    const clerk = borrowerStoreId ? clerkAt(borrowerStoreId) : undefined;
    if (!borrowerStoreId || !lenderStoreId || !clerk || !admin) continue;
    const at = new Date(now.getTime() - (index % 4) * DAY_MS - DAY_MS);
    const [loan] = await tx
      .insert(stockLoans)
      .values({
        loanNo,
        borrowerStoreId,
        lenderStoreId,
        status,
        requestedBy: clerk.userId,
        dueDate: shanghaiDay(new Date(now.getTime() + dueIn * DAY_MS)),
        remark: '周末活动备货',
        closeReason: REASON[status] ?? '',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(stockLoanLines)
      .values(quantities.map((quantity, i) => ({ loanId: loan!.id, skuId: catalogue[i]!.id, quantity })));
    const flow = FLOW[status] ?? [];
    const doc = { type: 'loan', id: loan!.id, no: loanNo, userId: clerk.userId };
    for (const [i, quantity] of flow.includes('lend') ? quantities.entries() : []) {
      const key = { skuId: catalogue[i]!.id, batchNo: LENT_BATCH };
      const dates = await ledger.take(tx, { ...key, storeId: lenderStoreId }, quantity, 'lend', doc, {
        reserved: false,
      });
      await ledger.increase(
        tx,
        { ...key, storeId: borrowerStoreId },
        dates,
        { onHand: quantity },
        'lend',
        doc,
      );
      if (!flow.includes('return')) continue;
      await ledger.take(tx, { ...key, storeId: borrowerStoreId }, quantity, 'lend_return', doc, {
        reserved: false,
      });
      await ledger.increase(
        tx,
        { ...key, storeId: lenderStoreId },
        dates,
        { onHand: quantity },
        'lend_return',
        doc,
      );
    }
    const actorOf = (action: string) =>
      action === 'approve' || action === 'reject'
        ? admin
        : action === 'lend'
          ? clerkAt(lenderStoreId)!
          : clerk;
    await tx.insert(stockDocEvents).values(
      ['apply', ...flow].map((action, i) => ({
        docType: 'loan',
        docId: loan!.id,
        action,
        toStatus: i === 0 ? 'pending_review' : status,
        userId: actorOf(action).userId,
        userName: actorOf(action).nickName,
        note: i === flow.length ? (REASON[status] ?? '') : '',
        createdAt: new Date(at.getTime() + i * 3_600_000),
      })),
    );
    const state = TASK_STATE[status] ?? 'approved';
    await tx.insert(approvalTasks).values({
      busiType: 2,
      docId: loan!.id,
      docNo: loanNo,
      storeId: borrowerStoreId,
      otherStoreId: lenderStoreId,
      requesterId: clerk.userId,
      status: state,
      decidedBy: state === 'approved' || state === 'rejected' ? admin.userId : null,
      reason: status === 'rejected' ? REASON[status]! : '',
      createdAt: at,
      decidedAt: state === 'pending' ? null : at,
    });
  }
}
