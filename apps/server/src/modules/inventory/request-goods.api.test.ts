import {
  EXPORT_PATHS,
  INVENTORY_PATHS as P,
  type ExportRecordPage,
  resolveMessageTarget,
  type RequestGoodsDetail,
  type RequestGoodsPage,
} from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import {
  approvalTasks,
  roleShopGroups,
  roles,
  skus,
  stockBalances,
  stockMovements,
  stockWarehouses,
  stores,
  userRoles,
} from '../../db/schema.js';
import { ensureRole } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  messagesOf,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';
import { createStockLedger } from './stock-ledger.js';

let t: TestApp;
let warehouse: OrderStore;
let storeA: OrderStore;
let storeC: OrderStore;
let clerkA: OrderStaff;
let clerkC: OrderStaff;
/** Approves for store A (A is in their stores). */
let auditor: OrderStaff;
/** Approves with a scope over A's shop group, not head office. */
let areaManager: OrderStaff;
/** Head office: a role with data scope all. */
let headOffice: OrderStaff;
let skuA: number;
let skuB: number;
let priceA: number;

const RG = ['requestGoods:apply'];
const AUDIT = ['audit:approve', 'audit:reject'];

const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const post = (who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) =>
  staffPost(t, path, who, { storeCode: store.code, ...body });
async function ok<T>(who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) {
  const response = await post(who, path, store, body);
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return dataOf<T>(response);
}

async function stock(db: Database, store: OrderStore, skuId: number, batchNo: string, quantity: number) {
  await db.transaction(async (tx) =>
    createStockLedger().increase(
      tx as unknown as Database,
      { storeId: store.id, skuId, batchNo },
      { productionDate: '2026-10-01', expiryDate: '2027-10-01' },
      { onHand: quantity },
      'receipt',
      { type: 'receipt', id: 1, no: `RC${batchNo}`, userId: null },
    ),
  );
}

async function balance(store: OrderStore, skuId: number, batchNo: string) {
  const [row] = await t.db
    .select()
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.storeId, store.id),
        eq(stockBalances.skuId, skuId),
        eq(stockBalances.batchNo, batchNo),
      ),
    );
  return row ? { onHand: row.onHand, reserved: row.reserved, inTransit: row.inTransit } : null;
}

async function taskOf(docId: number) {
  const [task] = await t.db
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.docId, docId), eq(approvalTasks.busiType, 1)))
    .orderBy(sql`${approvalTasks.id} desc`);
  return task!;
}
const decide = (taskId: number, who: OrderStaff, decision: 'approve' | 'reject', reason = '') =>
  post(who, P.auditDecide, storeA, { id: taskId, decision, reason });
const request = (lines: { skuId: number; quantity: number }[], who = clerkA, store = storeA) =>
  ok<RequestGoodsDetail>(who, P.requestGoodsApply, store, { remark: '周末备货', lines });

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  const rows = await t.db
    .select({ id: skus.id, priceCents: skus.priceCents })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(skus.priceCents)
    .limit(2);
  skuA = rows[0]!.id;
  priceA = rows[0]!.priceCents;
  skuB = rows[1]!.id;
  warehouse = await addOrderStore(t.db);
  await t.db.insert(stockWarehouses).values({ storeId: warehouse.id });
  storeA = await addOrderStore(t.db);
  storeC = await addOrderStore(t.db);
  clerkA = await addOrderStaff(t, [storeA], RG);
  clerkC = await addOrderStaff(t, [storeC], RG);
  auditor = await addOrderStaff(t, [storeA], [...AUDIT, ...RG]);
  areaManager = await addOrderStaff(t, [storeC], AUDIT);
  headOffice = await addOrderStaff(t, [storeC], AUDIT);
  const area = await ensureRole(t.db, 'request_goods_test_area');
  await t.db.update(roles).set({ dataScope: 'groups' }).where(eq(roles.id, area.id));
  const [group] = await t.db.select({ id: stores.shopGroupId }).from(stores).where(eq(stores.id, storeA.id));
  await t.db.insert(roleShopGroups).values({ roleId: area.id, shopGroupId: group!.id });
  await t.db.insert(userRoles).values({ userId: areaManager.id, roleId: area.id });
  const all = await ensureRole(t.db, 'request_goods_test_all');
  await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.id, all.id));
  await t.db.insert(userRoles).values({ userId: headOffice.id, roleId: all.id });
  await stock(t.db, warehouse, skuA, 'W1', 20);
  await stock(t.db, warehouse, skuB, 'W2', 3);
});

afterAll(async () => {
  await t.close();
});

describe('request goods (要货)', () => {
  it('goes from request through approval and a short warehouse to receipt, with its messages', async () => {
    const applied = await request([
      { skuId: skuA, quantity: 5 },
      { skuId: skuB, quantity: 4 },
    ]);
    expect(applied).toMatchObject({ status: 'pending_review', statusText: '待审核', actions: ['cancel'] });
    expect(applied.requestNo).toMatch(/^RG\d{20}$/);
    const task = await taskOf(applied.id);
    expect(task).toMatchObject({ status: 'pending', storeId: storeA.id });
    // To-do 21 to the approver authorised for A, opening the review with busiType 1.
    const todo = (await messagesOf(t.db, auditor.id, storeA.id)).at(-1)!;
    expect(todo).toMatchObject({ businessType: 5, messageType: 21 });
    expect(
      resolveMessageTarget(5, { messageType: 21, expandInfo: todo.expandInfo as Record<string, string> }),
    ).toEqual({ kind: 'route', name: 'reviewPendingDetail', query: { id: String(task.id), busiType: '1' } });

    // Nobody approves their own request.
    const own = await decide(task.id, clerkA, 'approve');
    expect(own.statusCode).toBe(403);
    expect((await decide(task.id, auditor, 'approve')).statusCode).toBe(200);

    const shipped = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsDetail, storeA, { id: applied.id });
    expect(shipped).toMatchObject({ status: 'in_transit', hasShortage: true, actions: ['receive'] });
    expect(shipped.lines.map((l) => [l.shipQuantity, l.batchNo, l.outstanding])).toEqual([
      [5, 'W1', 5],
      [3, 'W2', 3],
    ]);
    // The ledger: out of the warehouse, into A's in-transit.
    expect(await balance(warehouse, skuA, 'W1')).toEqual({ onHand: 15, reserved: 0, inTransit: 0 });
    expect(await balance(warehouse, skuB, 'W2')).toEqual({ onHand: 0, reserved: 0, inTransit: 0 });
    expect(await balance(storeA, skuA, 'W1')).toEqual({ onHand: 0, reserved: 0, inTransit: 5 });
    // The requester hears 31 (RequestGoodsDetails id + orderNo); the store hears 9 for the short line.
    const mine = await messagesOf(t.db, clerkA.id, storeA.id);
    const passed = mine.find((m) => m.messageType === 31)!;
    expect(passed.businessType).toBe(6);
    expect(
      resolveMessageTarget(6, { messageType: 31, expandInfo: passed.expandInfo as Record<string, string> }),
    ).toEqual({
      kind: 'route',
      name: 'RequestGoodsDetails',
      query: { id: String(applied.id), orderNo: applied.requestNo },
    });
    const shortage = mine.find((m) => m.businessType === 4 && m.messageType === 9)!;
    expect(shortage.text).toContain('缺1');

    // Illegal: withdrawing a shipped request.
    const late = await post(clerkA, P.requestGoodsCancel, storeA, { id: applied.id, reason: '不要了' });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).errorMsg).toBe('要货单当前状态为「已发货」，不能撤回');

    const partly = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: shipped.lines[0]!.id, received: 5, damaged: 0 }],
    });
    expect(partly.status).toBe('partially_received');
    const done = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: shipped.lines[1]!.id, received: 2, damaged: 0, closeShort: true }],
    });
    expect(done).toMatchObject({ status: 'received', hasDiscrepancy: true, actions: [] });
    expect(await balance(storeA, skuA, 'W1')).toEqual({ onHand: 5, reserved: 0, inTransit: 0 });
    expect(done.timeline.map((e) => e.action)).toEqual(['apply', 'approve', 'ship', 'receive', 'receive']);
    const again = await post(clerkA, P.requestGoodsReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: shipped.lines[0]!.id, received: 1 }],
    });
    expect(again.statusCode).toBe(409);

    // Balances equal the sum of their movements.
    const [drift] = await t.db
      .execute<{ n: number }>(
        sql`
      select count(*)::int as n from ${stockBalances} b
      where b.on_hand <> (select coalesce(sum(on_hand_delta), 0) from ${stockMovements} m where m.balance_id = b.id)
         or b.in_transit <> (select coalesce(sum(in_transit_delta), 0) from ${stockMovements} m where m.balance_id = b.id)`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows));
    expect(drift!.n).toBe(0);
  });

  it('a rejection reaches the requester with its reason; a rejected request moves no stock', async () => {
    const applied = await request([{ skuId: skuA, quantity: 2 }]);
    const task = await taskOf(applied.id);
    const noReason = await decide(task.id, auditor, 'reject');
    expect(noReason.statusCode).toBe(400);
    expect((await decide(task.id, auditor, 'reject', '本周已配送')).statusCode).toBe(200);
    const seen = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsDetail, storeA, { id: applied.id });
    expect(seen).toMatchObject({ status: 'rejected', rejectReason: '本周已配送', actions: [] });
    const result = (await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)!;
    expect(result).toMatchObject({ businessType: 6, messageType: 32 });
    expect(result.text).toContain('本周已配送');
    expect(await balance(warehouse, skuA, 'W1')).toEqual({ onHand: 15, reserved: 0, inTransit: 0 });
    // Deciding twice: 409.
    expect((await decide(task.id, auditor, 'approve')).statusCode).toBe(409);
  });

  it('the requester withdraws a request under review: its task is withdrawn', async () => {
    const applied = await request([{ skuId: skuA, quantity: 1 }]);
    const cancelled = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsCancel, storeA, {
      id: applied.id,
      reason: '改为调拨',
    });
    expect(cancelled.status).toBe('cancelled');
    expect((await taskOf(applied.id)).status).toBe('withdrawn');
  });

  it('nothing in the warehouse: out of stock, message 9, nothing to receive', async () => {
    const applied = await request([{ skuId: skuB, quantity: 1 }]);
    expect((await decide((await taskOf(applied.id)).id, auditor, 'approve')).statusCode).toBe(200);
    const seen = await ok<RequestGoodsDetail>(clerkA, P.requestGoodsDetail, storeA, { id: applied.id });
    expect(seen).toMatchObject({
      status: 'out_of_stock',
      statusText: '仓库缺货',
      hasShortage: true,
      actions: [],
    });
  });

  it('above ¥5,000 only head office approves; an area manager decides below it', async () => {
    const big = await request([{ skuId: skuA, quantity: Math.ceil(500_001 / priceA) }]);
    const bigTask = await taskOf(big.id);
    expect(bigTask.headOfficeOnly).toBe(true);
    expect(
      (await post(areaManager, P.auditDecide, storeC, { id: bigTask.id, decision: 'approve' })).statusCode,
    ).toBe(404);
    expect(
      (
        await post(headOffice, P.auditDecide, storeC, {
          id: bigTask.id,
          decision: 'reject',
          reason: '超预算',
        })
      ).statusCode,
    ).toBe(200);

    const small = await request([{ skuId: skuA, quantity: 1 }]);
    const smallTask = await taskOf(small.id);
    expect(smallTask.headOfficeOnly).toBe(false);
    expect(
      (await post(areaManager, P.auditDecide, storeC, { id: smallTask.id, decision: 'approve' })).statusCode,
    ).toBe(200);
  });

  it('a store sees only its own requests; bad input is a Chinese 4xx', async () => {
    const applied = await request([{ skuId: skuA, quantity: 1 }]);
    const other = await post(clerkC, P.requestGoodsDetail, storeC, { id: applied.id });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).errorMsg).toBe('要货单不存在');
    expect(
      (await post(clerkC, P.requestGoodsCancel, storeC, { id: applied.id, reason: 'x' })).statusCode,
    ).toBe(404);
    const listC = await ok<RequestGoodsPage>(clerkC, P.requestGoodsList, storeC, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(listC.total).toBe(0);
    const listA = await ok<RequestGoodsPage>(clerkA, P.requestGoodsList, storeA, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(listA.list.length).toBeGreaterThanOrEqual(5);
    const pending = await ok<RequestGoodsPage>(clerkA, P.requestGoodsList, storeA, {
      pageNum: 1,
      pageSize: 20,
      status: 'pending_review',
    });
    expect(pending.list.every((r) => r.status === 'pending_review')).toBe(true);

    const empty = await post(clerkA, P.requestGoodsApply, storeA, { lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errorMsg).toContain('请添加要货商品');
    const missing = await post(clerkA, P.requestGoodsApply, storeA, {
      lines: [{ skuId: 999999, quantity: 1 }],
    });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).errorMsg).toBe('商品 999999 不存在或已停用');
    const fromWarehouse = await post(clerkA, P.requestGoodsApply, warehouse, {
      lines: [{ skuId: skuA, quantity: 1 }],
    });
    expect([403, 422]).toContain(fromWarehouse.statusCode);
    // Without the button: 403.
    expect(
      (await post(areaManager, P.requestGoodsApply, storeC, { lines: [{ skuId: skuA, quantity: 1 }] }))
        .statusCode,
    ).toBe(403);
  });

  it('exports the list through the export jobs with its filters and titles', async () => {
    const queued = await ok<{ id: number }>(clerkA, P.requestGoodsExport, storeA, { status: 'rejected' });
    const deadline = Date.now() + 15_000;
    let record: ExportRecordPage['list'][number] | undefined;
    for (;;) {
      const page = await ok<ExportRecordPage>(clerkA, EXPORT_PATHS.records, storeA, { pageSize: 50 });
      record = page.list.find((r) => r.id === queued.id);
      if (record && (record.status === 'done' || record.status === 'failed')) break;
      if (Date.now() > deadline) throw new Error(`export did not finish: ${JSON.stringify(record)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(record).toMatchObject({ status: 'done', kind: 'request-goods', kindText: '要货单', rowCount: 2 });
    const file = await t.app.inject({
      method: 'GET',
      url: EXPORT_PATHS.download,
      headers: { authorization: `Bearer ${clerkA.token}` },
      query: { storeCode: storeA.code, id: String(queued.id) },
    });
    expect(file.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['要货单号', '状态']);
    expect(sheet.getRow(2).getCell(2).value).toBe('已驳回');
    // Another store's staff cannot export store A's list.
    expect((await post(clerkC, P.requestGoodsExport, storeA, {})).statusCode).toBe(403);
  });
});
