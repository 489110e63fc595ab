import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  approvalTasks,
  skus,
  stockDocEvents,
  stockRequestLines,
  stockRequests,
  stockTransferLines,
  stockWarehouses,
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

/** The demo's central warehouse (中心仓): a Beijing store registered in `stock_warehouses`. */
export const DEMO_WAREHOUSE = '旧宫店';

type RequestPlan = {
  no: string;
  store: string;
  status: string;
  /** Per line: asked, and what the warehouse shipped (less = short). */
  lines: readonly (readonly [asked: number, shipped: number])[];
  received?: readonly number[];
  reason?: string;
  daysAgo: number;
};

// 要货单 in every state at the demo accounts' stores.
const REQUESTS: readonly RequestPlan[] = [
  {
    no: 'RG20261101090000000001',
    store: '马驹桥店',
    status: 'pending_review',
    lines: [
      [10, 0],
      [6, 0],
    ],
    daysAgo: 0,
  },
  {
    no: 'RG20261101090000000002',
    store: '亦庄文化园店',
    status: 'pending_review',
    lines: [[8, 0]],
    daysAgo: 0,
  },
  {
    no: 'RG20261101090000000003',
    store: '马驹桥店',
    status: 'rejected',
    lines: [[30, 0]],
    reason: '本周已配送，请下周再要',
    daysAgo: 2,
  },
  {
    no: 'RG20261101090000000004',
    store: '马驹桥店',
    status: 'in_transit',
    lines: [
      [6, 6],
      [5, 3],
    ],
    daysAgo: 1,
  },
  {
    no: 'RG20261101090000000005',
    store: '亦庄荣华店',
    status: 'partially_received',
    lines: [
      [4, 4],
      [4, 4],
    ],
    received: [4, 0],
    daysAgo: 2,
  },
  {
    no: 'RG20261101090000000006',
    store: '亦庄文化园店',
    status: 'received',
    lines: [[5, 5]],
    received: [5],
    daysAgo: 4,
  },
  { no: 'RG20261101090000000007', store: '亦庄荣华店', status: 'out_of_stock', lines: [[3, 0]], daysAgo: 3 },
  {
    no: 'RG20261101090000000008',
    store: '马驹桥店',
    status: 'cancelled',
    lines: [[2, 0]],
    reason: '改为门店间调拨',
    daysAgo: 5,
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
  const opening = storeRows.flatMap((store) =>
    catalogue.flatMap((sku) =>
      BATCHES.map((batch) => ({
        key: { storeId: store.id, skuId: sku.id, batchNo: batch.batchNo },
        dates: batch,
        deltas: { onHand: batch.onHand },
      })),
    ),
  );
  await ledger.increaseMany(tx, opening, 'receipt', receipt);

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

/**
 * The warehouse and demo requests for goods (要货管理) in every state; shipped lines move stock out of the
 * warehouse through the ledger as the service does.
 */
export async function seedDemoRequests(tx: Database, now: Date): Promise<void> {
  const ledger = createStockLedger();
  const storeRows = await tx.select({ id: stores.id, shopName: stores.shopName }).from(stores);
  const storeOf = new Map(storeRows.map((s) => [s.shopName, s.id]));
  const warehouseId = storeOf.get(DEMO_WAREHOUSE);
  if (!warehouseId) return;
  await tx.insert(stockWarehouses).values({ storeId: warehouseId });
  const catalogue = await tx
    .select({ id: skus.id, priceCents: skus.priceCents })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(asc(skus.id))
    .limit(SKUS_PER_STORE);
  const staff = await tx
    .select({ storeId: userStores.storeId, userId: users.id, nickName: users.nickName })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(eq(users.enabled, true))
    .orderBy(asc(users.id));
  const admin = staff.find((s) => s.nickName === '系统管理员');
  // Shipped from the later batch, so the transfers' demo batch B2609 stays as they left it.
  const batch = BATCHES[1];
  for (const plan of REQUESTS) {
    const storeId = storeOf.get(plan.store);
    if (!storeId) continue;
    const own = staff.filter((s) => s.storeId === storeId);
    const clerk = own.find((s) => s.nickName !== '系统管理员') ?? own[0];
    if (!clerk || !admin) continue;
    const at = new Date(now.getTime() - plan.daysAgo * 86_400_000);
    const valueCents = plan.lines.reduce((sum, [asked], i) => sum + asked * catalogue[i]!.priceCents, 0);
    const [request] = await tx
      .insert(stockRequests)
      .values({
        requestNo: plan.no,
        storeId,
        warehouseStoreId: warehouseId,
        status: plan.status,
        requestedBy: clerk.userId,
        valueCents,
        hasShortage:
          plan.status === 'out_of_stock' ||
          plan.lines.some(([asked, shipped]) => shipped > 0 && shipped < asked),
        remark: '门店补货',
        rejectReason: plan.reason ?? '',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    const r = request!;
    const doc = { type: 'request', id: r.id, no: r.requestNo, userId: null };
    for (const [index, [asked, shipped]] of plan.lines.entries()) {
      const skuId = catalogue[index]!.id;
      const received = plan.received?.[index] ?? 0;
      await tx.insert(stockRequestLines).values({
        requestId: r.id,
        skuId,
        quantity: asked,
        batchNo: shipped ? batch.batchNo : '',
        shipQuantity: shipped,
        receivedQuantity: received,
      });
      if (!shipped) continue;
      const from = { storeId: warehouseId, skuId, batchNo: batch.batchNo };
      const dates = await ledger.take(tx, from, shipped, 'ship', doc, { reserved: false });
      const to = { storeId, skuId, batchNo: batch.batchNo };
      await ledger.increase(tx, to, dates, { inTransit: shipped }, 'ship', doc);
      await ledger.settleInTransit(tx, to, received, 'transfer_receive', { ...doc, userId: clerk.userId });
    }
    const flow: Record<string, string[]> = {
      rejected: ['reject'],
      in_transit: ['approve', 'ship'],
      partially_received: ['approve', 'ship', 'receive'],
      received: ['approve', 'ship', 'receive'],
      out_of_stock: ['approve', 'ship'],
      cancelled: ['cancel'],
    };
    const events = [{ action: 'apply', who: clerk as { userId: number; nickName: string } | null }];
    for (const action of flow[plan.status] ?? [])
      events.push({
        action,
        who: action === 'ship' ? null : action === 'approve' || action === 'reject' ? admin : clerk,
      });
    await tx.insert(stockDocEvents).values(
      events.map((e, i) => ({
        docType: 'request',
        docId: r.id,
        action: e.action,
        toStatus: i === 0 ? 'pending_review' : plan.status,
        userId: e.who?.userId ?? null,
        userName: e.who?.nickName ?? '系统',
        note: ['reject', 'cancel'].includes(e.action) ? (plan.reason ?? '') : '',
        createdAt: new Date(at.getTime() + i * 600_000),
      })),
    );
    const decided = plan.status !== 'pending_review';
    await tx.insert(approvalTasks).values({
      busiType: 1,
      docId: r.id,
      docNo: r.requestNo,
      storeId,
      requesterId: clerk.userId,
      valueCents,
      headOfficeOnly: valueCents > 500_000,
      status: !decided
        ? 'pending'
        : plan.status === 'rejected'
          ? 'rejected'
          : plan.status === 'cancelled'
            ? 'withdrawn'
            : 'approved',
      decidedBy: decided && plan.status !== 'cancelled' ? admin.userId : null,
      reason: plan.status === 'rejected' ? (plan.reason ?? '') : '',
      createdAt: at,
      decidedAt: decided ? at : null,
    });
  }
}
