import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  approvalTasks,
  skus,
  stockDocEvents,
  stockTransferLines,
  stockTransfers,
  stores,
  userStores,
  users,
} from '../schema.js';
import { createStockLedger } from '../../modules/inventory/stock-ledger.js';

/**
 * Demo stock and transfers (docs/domain/inventory.md): two batches of six retail SKUs on every demo store's
 * shelf, and transfers in every state between the Beijing demo stores, so 调拨调入 / 调拨调出 / 待我审核 /
 * 我发起的 show rows on a fresh start. Every quantity goes through the ledger, so balances equal their movements.
 */
const SKUS_PER_STORE = 6;
const BATCHES = [
  { batchNo: 'B2609', productionDate: '2026-09-01', expiryDate: '2027-03-01', onHand: 40 },
  { batchNo: 'B2610', productionDate: '2026-10-15', expiryDate: '2027-04-15', onHand: 60 },
] as const;

type Plan = {
  no: string;
  to: string;
  from: string;
  status: string;
  quantities: readonly number[];
  received?: readonly number[];
  short?: readonly number[];
  cancelReason?: string;
  /** Head office's automatic transfer-in (by admin) rather than the receiving store's application. */
  origin?: 'dispatch';
  /** Days before `now` it was applied. */
  daysAgo: number;
};

// 马驹桥店 (solo) and 亦庄文化园店 / 亦庄荣华店 (staff) are the demo accounts' stores.
const PLANS: readonly Plan[] = [
  {
    no: 'TR20261101090000000001',
    to: '马驹桥店',
    from: '亦庄文化园店',
    status: 'pending_accept',
    quantities: [6, 4],
    daysAgo: 0,
  },
  {
    no: 'TR20261101090000000002',
    to: '亦庄荣华店',
    from: '亦庄文化园店',
    status: 'accept_review',
    quantities: [3],
    daysAgo: 1,
  },
  {
    no: 'TR20261101090000000003',
    to: '亦庄文化园店',
    from: '马驹桥店',
    status: 'accepted',
    quantities: [5, 2],
    daysAgo: 1,
  },
  {
    no: 'TR20261101090000000004',
    to: '马驹桥店',
    from: '亦庄荣华店',
    status: 'ready_to_ship',
    quantities: [8],
    daysAgo: 2,
  },
  {
    no: 'TR20261101090000000005',
    to: '马驹桥店',
    from: '亦庄文化园店',
    status: 'in_transit',
    quantities: [10, 5],
    daysAgo: 2,
  },
  {
    no: 'TR20261101090000000006',
    to: '亦庄文化园店',
    from: '亦庄荣华店',
    status: 'partially_received',
    quantities: [6, 6],
    received: [6, 2],
    daysAgo: 3,
  },
  {
    no: 'TR20261101090000000007',
    to: '亦庄荣华店',
    from: '马驹桥店',
    status: 'received',
    quantities: [4, 3],
    received: [4, 2],
    short: [0, 1],
    daysAgo: 5,
  },
  {
    no: 'TR20261101090000000009',
    to: '亦庄文化园店',
    from: '亦庄荣华店',
    status: 'ship_review',
    quantities: [4],
    daysAgo: 1,
  },
  {
    no: 'TR20261101090000000010',
    to: '亦庄荣华店',
    from: '马驹桥店',
    status: 'pending_accept',
    quantities: [5],
    origin: 'dispatch',
    daysAgo: 0,
  },
  {
    no: 'TR20261101090000000008',
    to: '马驹桥店',
    from: '亦庄荣华店',
    status: 'cancelled',
    quantities: [2],
    cancelReason: '已从仓库直配',
    daysAgo: 6,
  },
];

const SHIPPED = ['ship_review', 'ready_to_ship', 'in_transit', 'partially_received', 'received'];
const LEFT_GIVING_STORE = ['in_transit', 'partially_received', 'received'];

export async function seedDemoInventory(tx: Database, now: Date): Promise<void> {
  const ledger = createStockLedger();
  const catalogue = await tx
    .select({ id: skus.id })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(asc(skus.id))
    .limit(SKUS_PER_STORE);
  const storeRows = await tx.select({ id: stores.id, shopName: stores.shopName }).from(stores);
  const receipt = { type: 'receipt', id: 0, no: 'RC-DEMO-OPENING', userId: null };
  for (const store of storeRows)
    for (const sku of catalogue)
      for (const batch of BATCHES)
        await ledger.increase(
          tx,
          { storeId: store.id, skuId: sku.id, batchNo: batch.batchNo },
          batch,
          { onHand: batch.onHand },
          'receipt',
          receipt,
        );

  const storeOf = new Map(storeRows.map((s) => [s.shopName, s.id]));
  const names = [...new Set(PLANS.flatMap((p) => [p.to, p.from]))];
  const staff = await tx
    .select({ storeId: userStores.storeId, userId: users.id, nickName: users.nickName })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(
      and(
        inArray(
          userStores.storeId,
          names.map((n) => storeOf.get(n) ?? 0),
        ),
        eq(users.enabled, true),
      ),
    )
    .orderBy(asc(users.id));
  const clerkOf = (storeId: number) => {
    // A store's own clerk (not admin, who is authorised everywhere) where there is one.
    const own = staff.filter((s) => s.storeId === storeId);
    return own.find((s) => s.nickName !== '系统管理员') ?? own[0]!;
  };

  for (const plan of PLANS) {
    const toId = storeOf.get(plan.to);
    const fromId = storeOf.get(plan.from);
    if (!toId || !fromId) continue;
    const at = new Date(now.getTime() - plan.daysAgo * 86_400_000);
    const dispatcher = staff.find((s) => s.nickName === '系统管理员');
    const origin = plan.origin ?? 'apply';
    const requester = origin === 'dispatch' && dispatcher ? dispatcher : clerkOf(toId);
    const giver = clerkOf(fromId);
    const [transfer] = await tx
      .insert(stockTransfers)
      .values({
        transferNo: plan.no,
        origin,
        toStoreId: toId,
        fromStoreId: fromId,
        status: plan.status,
        requestedBy: requester.userId,
        acceptedBy: plan.status === 'pending_accept' ? null : giver.userId,
        remark: '门店补货',
        cancelReason: plan.cancelReason ?? '',
        hasDiscrepancy: (plan.short ?? []).some((n) => n > 0),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const t = transfer!;
    const doc = { type: 'transfer', id: t.id, no: t.transferNo, userId: giver.userId };
    const events: { action: string; toStatus: string; userId: number; userName: string }[] = [
      { action: origin, toStatus: 'pending_accept', userId: requester.userId, userName: requester.nickName },
    ];
    for (const [index, quantity] of plan.quantities.entries()) {
      const skuId = catalogue[index]!.id;
      const batchNo = BATCHES[0].batchNo;
      const shipped = SHIPPED.includes(plan.status);
      const received = plan.received?.[index] ?? (plan.status === 'received' ? quantity : 0);
      const short = plan.short?.[index] ?? 0;
      await tx.insert(stockTransferLines).values({
        transferId: t.id,
        skuId,
        quantity,
        batchNo: shipped ? batchNo : '',
        shipQuantity: shipped ? quantity : 0,
        receivedQuantity: received,
        shortQuantity: short,
      });
      if (!shipped) continue;
      const giving = { storeId: fromId, skuId, batchNo };
      await ledger.reserve(tx, giving, quantity, doc);
      if (!LEFT_GIVING_STORE.includes(plan.status)) continue;
      const dates = await ledger.take(tx, giving, quantity, 'ship', doc, { reserved: true });
      const receiving = { storeId: toId, skuId, batchNo };
      await ledger.increase(tx, receiving, dates, { inTransit: quantity }, 'ship', doc);
      await ledger.settleInTransit(tx, receiving, received, 'transfer_receive', doc);
      await ledger.settleInTransit(tx, receiving, short, 'transfer_short', doc);
    }
    const flow: Record<string, string[]> = {
      accept_review: ['accept'],
      accepted: ['accept', 'accept_approved'],
      ship_review: ['accept', 'accept_approved', 'confirm_batch'],
      ready_to_ship: ['accept', 'accept_approved', 'confirm_batch', 'ship_approved'],
      in_transit: ['accept', 'accept_approved', 'confirm_batch', 'ship_approved', 'ship'],
      partially_received: ['accept', 'accept_approved', 'confirm_batch', 'ship_approved', 'ship', 'receive'],
      received: ['accept', 'accept_approved', 'confirm_batch', 'ship_approved', 'ship', 'receive'],
      cancelled: ['cancel'],
    };
    for (const action of flow[plan.status] ?? []) {
      const actor = action === 'receive' || action === 'cancel' ? requester : giver;
      events.push({ action, toStatus: plan.status, userId: actor.userId, userName: actor.nickName });
    }
    await tx.insert(stockDocEvents).values(
      events.map((e, i) => ({
        docType: 'transfer',
        docId: t.id,
        action: e.action,
        toStatus: e.toStatus,
        userId: e.userId,
        userName: e.userName,
        note: e.action === 'cancel' ? (plan.cancelReason ?? '') : '',
        createdAt: new Date(at.getTime() + i * 600_000),
      })),
    );
    // The audits: pending for the one under review, decided for those past it.
    if (plan.status === 'ship_review')
      await tx.insert(approvalTasks).values({
        busiType: 3,
        docId: t.id,
        docNo: t.transferNo,
        storeId: fromId,
        otherStoreId: toId,
        requesterId: giver.userId,
        createdAt: at,
      });
    if (plan.status !== 'pending_accept' && plan.status !== 'cancelled')
      await tx.insert(approvalTasks).values({
        busiType: 4,
        docId: t.id,
        docNo: t.transferNo,
        storeId: fromId,
        otherStoreId: toId,
        requesterId: giver.userId,
        status: plan.status === 'accept_review' ? 'pending' : 'approved',
        createdAt: at,
        decidedAt: plan.status === 'accept_review' ? null : at,
      });
  }
}
