import {
  INVENTORY_COUNT_CAP,
  INVENTORY_PATHS as P,
  resolveMessageTarget,
  type ApprovalPage,
  type ApprovalRow,
  type AuditBatchResult,
  type StockPage,
  type StockRow,
  type TransferDetail,
  type TransferPage,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import {
  approvalTasks,
  roleShopGroups,
  roles,
  skus,
  stockBalances,
  stockMovements,
  stores,
  userRoles,
} from '../../db/schema.js';
import { countStatements } from '../../test/statement-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
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
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { createStockLedger } from './stock-ledger.js';

let t: TestApp;
const STORE_A_NAME = '调拨测试调入店';
const STORE_B_NAME = '调拨测试调出店';
let storeA: OrderStore; // receives (调入)
let storeB: OrderStore; // gives (调出)
let storeC: OrderStore; // neither
let clerkA: OrderStaff;
let clerkB: OrderStaff;
let clerkB2: OrderStaff;
let clerkC: OrderStaff;
/** Approves; authorised for A and B (own stores are in their scope). */
let auditor: OrderStaff;
/** Approves, but only store C is in scope. */
let farAuditor: OrderStaff;
/** Approves by shop-group scope over A's and B's groups; works in store C. */
let areaManager: OrderStaff;
let skuA: number;
let skuB: number;

const IN = ['transferIn:apply', 'transferIn:receive', 'transferIn:cancel'];
const OUT = ['transferOut:accept', 'transferOut:ship'];
const AUDIT = ['audit:approve', 'audit:reject'];

const target = (businessType: number, messageType: number, m: { expandInfo: unknown }) =>
  resolveMessageTarget(businessType, {
    messageType,
    expandInfo: m.expandInfo as Record<string, string | number>,
  });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const post = (who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) =>
  staffPost(t, path, who, { storeCode: store.code, ...body });

async function ok<T>(who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) {
  const response = await post(who, path, store, body);
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return dataOf<T>(response);
}

/** Puts stock of a batch on a store's shelf through the ledger (a receipt document). */
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

const apply = (lines: { skuId: number; quantity: number }[], who = clerkA) =>
  ok<TransferDetail>(who, P.transferApply, storeA, {
    fromStoreCode: storeB.code,
    remark: '周末促销备货',
    lines,
  });

async function taskOf(docId: number, busiType: number) {
  const [task] = await t.db
    .select()
    .from(approvalTasks)
    .where(and(eq(approvalTasks.docId, docId), eq(approvalTasks.busiType, busiType)));
  return task!;
}

const approve = (taskId: number, who = auditor, store = storeB) =>
  post(who, P.auditDecide, store, { id: taskId, decision: 'approve' });

/** A transfer of `quantity` of skuA taken to ready_to_ship (batch `batchNo` reserved at B). */
async function readyToShip(quantity: number, batchNo: string, confirmer = clerkB) {
  const applied = await apply([{ skuId: skuA, quantity }]);
  await ok(clerkB, P.transferAccept, storeB, { id: applied.id });
  expect((await approve((await taskOf(applied.id, 4)).id)).statusCode).toBe(200);
  const confirmed = await ok<TransferDetail>(confirmer, P.transferConfirmBatch, storeB, {
    id: applied.id,
    lines: [{ lineId: applied.lines[0]!.id, batchNo, quantity }],
  });
  expect(confirmed.status).toBe('ship_review');
  expect((await approve((await taskOf(applied.id, 3)).id)).statusCode).toBe(200);
  return applied;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  const rows = await t.db.select({ id: skus.id }).from(skus).where(eq(skus.kind, 'retail')).limit(2);
  skuA = rows[0]!.id;
  skuB = rows[1]!.id;
  storeA = await addOrderStore(t.db, { name: STORE_A_NAME });
  storeB = await addOrderStore(t.db, { name: STORE_B_NAME });
  storeC = await addOrderStore(t.db);
  clerkA = await addOrderStaff(t, [storeA], IN);
  clerkB = await addOrderStaff(t, [storeB], OUT);
  clerkB2 = await addOrderStaff(t, [storeB], OUT);
  clerkC = await addOrderStaff(t, [storeC], [...IN, ...OUT]);
  auditor = await addOrderStaff(t, [storeA, storeB], AUDIT);
  farAuditor = await addOrderStaff(t, [storeC], AUDIT);
  areaManager = await addOrderStaff(t, [storeC], AUDIT);
  const area = await ensureRole(t.db, 'inventory_test_area');
  await t.db.update(roles).set({ dataScope: 'groups' }).where(eq(roles.id, area.id));
  const groups = await t.db
    .select({ id: stores.shopGroupId })
    .from(stores)
    .where(eq(stores.id, storeA.id))
    .union(t.db.select({ id: stores.shopGroupId }).from(stores).where(eq(stores.id, storeB.id)));
  await t.db.insert(roleShopGroups).values(groups.map((g) => ({ roleId: area.id, shopGroupId: g.id })));
  await t.db.insert(userRoles).values({ userId: areaManager.id, roleId: area.id });
});

afterAll(async () => {
  await t.close();
});

describe('the stock ledger', () => {
  it('increases many batches in two statements, adding to existing rows, one movement each', async () => {
    const ledger = createStockLedger();
    const dates = { productionDate: '2026-10-01', expiryDate: '2027-10-01' };
    const doc = { type: 'receipt', id: 7, no: 'RC-MANY', userId: null };
    const key = (batchNo: string) => ({ storeId: storeC.id, skuId: skuB, batchNo });
    await stock(t.db, storeC, skuB, 'MANY1', 5);
    await t.db.transaction(async (tx) =>
      ledger.increaseMany(
        tx as unknown as Database,
        [
          { key: key('MANY1'), dates, deltas: { onHand: 10 } },
          { key: key('MANY2'), dates, deltas: { onHand: 3, inTransit: 4 } },
        ],
        'receipt',
        doc,
      ),
    );
    expect(await balance(storeC, skuB, 'MANY1')).toEqual({ onHand: 15, reserved: 0, inTransit: 0 });
    expect(await balance(storeC, skuB, 'MANY2')).toEqual({ onHand: 3, reserved: 0, inTransit: 4 });
    const moved = await t.db
      .select({
        balanceId: stockMovements.balanceId,
        batchNo: stockMovements.batchNo,
        onHand: stockMovements.onHandDelta,
        inTransit: stockMovements.inTransitDelta,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.docNo, 'RC-MANY'), eq(stockMovements.storeId, storeC.id)));
    const balances = await t.db
      .select({ id: stockBalances.id, batchNo: stockBalances.batchNo })
      .from(stockBalances)
      .where(and(eq(stockBalances.storeId, storeC.id), eq(stockBalances.skuId, skuB)));
    const idOf = new Map(balances.map((b) => [b.batchNo, b.id]));
    expect(moved.sort((a, b) => a.batchNo.localeCompare(b.batchNo))).toEqual([
      { balanceId: idOf.get('MANY1'), batchNo: 'MANY1', onHand: 10, inTransit: 0 },
      { balanceId: idOf.get('MANY2'), batchNo: 'MANY2', onHand: 3, inTransit: 4 },
    ]);
  });
  it('moves batches between stores in two statements, a batch named twice summed with a movement each', async () => {
    const ledger = createStockLedger();
    const doc = { type: 'transfer', id: 8, no: 'TR-MOVE', userId: null };
    await stock(t.db, storeC, skuA, 'MOVE1', 10);
    await stock(t.db, storeC, skuB, 'MOVE2', 6);
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await ledger.reserve(db, { storeId: storeC.id, skuId: skuA, batchNo: 'MOVE1' }, 7, doc);
      await ledger.reserve(db, { storeId: storeC.id, skuId: skuB, batchNo: 'MOVE2' }, 6, doc);
    });
    const calls = countStatements();
    const move = (skuId: number, batchNo: string, quantity: number) => ({
      from: storeC.id,
      to: storeA.id,
      skuId,
      batchNo,
      quantity,
    });
    await t.db.transaction(async (tx) =>
      ledger.moveBetween(
        tx as unknown as Database,
        [move(skuA, 'MOVE1', 3), move(skuB, 'MOVE2', 6), move(skuA, 'MOVE1', 4)],
        'inTransit',
        'ship',
        doc,
        { reserved: true },
      ),
    );
    expect(calls('with wanted as')).toBe(2);
    expect(calls('with changed as')).toBe(0);
    expect(await balance(storeC, skuA, 'MOVE1')).toEqual({ onHand: 3, reserved: 0, inTransit: 0 });
    expect(await balance(storeC, skuB, 'MOVE2')).toEqual({ onHand: 0, reserved: 0, inTransit: 0 });
    expect(await balance(storeA, skuA, 'MOVE1')).toEqual({ onHand: 0, reserved: 0, inTransit: 7 });
    expect(await balance(storeA, skuB, 'MOVE2')).toEqual({ onHand: 0, reserved: 0, inTransit: 6 });
    const moved = await t.db
      .select({
        storeId: stockMovements.storeId,
        batchNo: stockMovements.batchNo,
        onHand: stockMovements.onHandDelta,
        reserved: stockMovements.reservedDelta,
        inTransit: stockMovements.inTransitDelta,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.docNo, 'TR-MOVE'), eq(stockMovements.reason, 'ship')))
      .orderBy(stockMovements.id);
    const at = (store: OrderStore) => moved.filter((m) => m.storeId === store.id);
    expect(at(storeC)).toEqual([
      { storeId: storeC.id, batchNo: 'MOVE1', onHand: -3, reserved: -3, inTransit: 0 },
      { storeId: storeC.id, batchNo: 'MOVE2', onHand: -6, reserved: -6, inTransit: 0 },
      { storeId: storeC.id, batchNo: 'MOVE1', onHand: -4, reserved: -4, inTransit: 0 },
    ]);
    expect(at(storeA).map((m) => [m.batchNo, m.inTransit])).toEqual([
      ['MOVE1', 3],
      ['MOVE2', 6],
      ['MOVE1', 4],
    ]);
    const [arrived] = await t.db
      .select({ productionDate: stockBalances.productionDate, expiryDate: stockBalances.expiryDate })
      .from(stockBalances)
      .where(and(eq(stockBalances.storeId, storeA.id), eq(stockBalances.batchNo, 'MOVE2')));
    expect(arrived).toEqual({ productionDate: '2026-10-01', expiryDate: '2027-10-01' });
  });

  it('refuses a move whose batch falls short, naming it, and writes nothing', async () => {
    const ledger = createStockLedger();
    const doc = { type: 'loan', id: 9, no: 'LN-SHORT', userId: null };
    await stock(t.db, storeC, skuA, 'SHORT1', 5);
    await stock(t.db, storeC, skuB, 'SHORT2', 2);
    const move = (skuId: number, batchNo: string, quantity: number) => ({
      from: storeC.id,
      to: storeA.id,
      skuId,
      batchNo,
      quantity,
    });
    const refused = await t.db
      .transaction(async (tx) =>
        ledger.moveBetween(
          tx as unknown as Database,
          [move(skuA, 'SHORT1', 5), move(skuB, 'SHORT2', 2), move(skuB, 'SHORT2', 1)],
          'onHand',
          'lend',
          doc,
          { reserved: false },
        ),
      )
      .then(
        () => null,
        (error: unknown) => error as { statusCode: number; message: string },
      );
    expect(refused?.statusCode).toBe(409);
    expect(refused?.message).toMatch(/^库存不足：.+ 批次 SHORT2 可用 2，需要 3$/);
    expect(await balance(storeC, skuA, 'SHORT1')).toEqual({ onHand: 5, reserved: 0, inTransit: 0 });
    expect(await balance(storeC, skuB, 'SHORT2')).toEqual({ onHand: 2, reserved: 0, inTransit: 0 });
    expect(await balance(storeA, skuA, 'SHORT1')).toBeNull();
    const moved = await t.db.select().from(stockMovements).where(eq(stockMovements.docNo, 'LN-SHORT'));
    expect(moved).toEqual([]);
    const missing = await t.db
      .transaction(async (tx) =>
        ledger.moveBetween(tx as unknown as Database, [move(skuA, 'NOSUCH', 1)], 'onHand', 'lend', doc, {
          reserved: false,
        }),
      )
      .then(
        () => null,
        (error: unknown) => error as { statusCode: number; message: string },
      );
    expect(missing?.statusCode).toBe(409);
    expect(missing?.message).toMatch(/^本店没有 .+ 批次 NOSUCH 的库存$/);
  });
});

describe('a transfer from application to receipt', () => {
  it('moves through every state with its ledger movements and messages', async () => {
    await stock(t.db, storeB, skuA, 'B1', 10);
    await stock(t.db, storeB, skuB, 'B2', 5);

    const applied = await apply([
      { skuId: skuA, quantity: 4 },
      { skuId: skuB, quantity: 2 },
    ]);
    expect(applied).toMatchObject({ status: 'pending_accept', side: 'in', actions: ['cancel'] });
    // B's clerks are reminded (inventory 1 → takeOrdersDetail).
    const reminder = (await messagesOf(t.db, clerkB.id, storeB.id)).at(-1)!;
    expect(reminder).toMatchObject({ businessType: 4, messageType: 1 });
    expect(reminder.text).toContain(STORE_A_NAME);
    expect(target(4, 1, reminder)).toEqual({
      kind: 'route',
      name: 'takeOrdersDetail',
      query: { id: String(applied.id) },
    });

    const seenByB = await ok<TransferDetail>(clerkB, P.transferDetail, storeB, { id: applied.id });
    expect(seenByB).toMatchObject({ side: 'out', actions: ['accept', 'refuse'] });

    const accepted = await ok<TransferDetail>(clerkB, P.transferAccept, storeB, { id: applied.id });
    expect(accepted.status).toBe('accept_review');
    const acceptTask = await taskOf(applied.id, 4);
    const todo = (await messagesOf(t.db, auditor.id, storeB.id)).at(-1)!;
    expect(todo).toMatchObject({ businessType: 5, messageType: 22 });
    expect(target(5, 22, todo)).toEqual({
      kind: 'route',
      name: 'reviewPendingDetail',
      query: { id: String(acceptTask.id), busiType: '4' },
    });
    // The accepting clerk may not approve their own request.
    expect(errorOf(await approve(acceptTask.id, clerkB))).toMatchObject({
      errorCode: 'APPROVAL_NOT_ALLOWED',
    });

    expect((await approve(acceptTask.id)).statusCode).toBe(200);
    expect((await messagesOf(t.db, clerkB.id, storeB.id)).at(-1)).toMatchObject({
      businessType: 6,
      messageType: 33,
    });
    const toOtherClerk = (await messagesOf(t.db, clerkB2.id, storeB.id)).at(-1)!;
    expect(toOtherClerk).toMatchObject({ businessType: 4, messageType: 4 });
    expect(target(4, 4, toOtherClerk)).toEqual({
      kind: 'route',
      name: 'applicationDetail',
      query: { id: String(applied.id), selectTab: 'sendOutGoods' },
    });
    expect((await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)).toMatchObject({ messageType: 3 });

    const [lineA, lineB] = applied.lines;
    const confirmed = await ok<TransferDetail>(clerkB2, P.transferConfirmBatch, storeB, {
      id: applied.id,
      lines: [
        { lineId: lineA!.id, batchNo: 'B1', quantity: 4 },
        { lineId: lineB!.id, batchNo: 'B2', quantity: 2 },
      ],
    });
    expect(confirmed.status).toBe('ship_review');
    expect(await balance(storeB, skuA, 'B1')).toEqual({ onHand: 10, reserved: 4, inTransit: 0 });
    const shipTask = await taskOf(applied.id, 3);
    expect((await messagesOf(t.db, auditor.id, storeB.id)).at(-1)).toMatchObject({ messageType: 23 });

    expect((await approve(shipTask.id)).statusCode).toBe(200);
    expect((await messagesOf(t.db, clerkB2.id, storeB.id)).at(-1)).toMatchObject({ messageType: 35 });

    const shipped = await ok<TransferDetail>(clerkB, P.transferShip, storeB, { id: applied.id });
    expect(shipped.status).toBe('in_transit');
    expect(await balance(storeB, skuA, 'B1')).toEqual({ onHand: 6, reserved: 0, inTransit: 0 });
    expect(await balance(storeA, skuA, 'B1')).toEqual({ onHand: 0, reserved: 0, inTransit: 4 });
    const goods = (await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)!;
    expect(goods).toMatchObject({ businessType: 4, messageType: 5 });
    expect(goods.text).toBe(`${STORE_B_NAME} 已发出调拨单 ${applied.transferNo} 的货品，请收货`);
    expect(target(4, 5, goods)).toEqual({
      kind: 'route',
      name: 'ReceivedOrders',
      query: { inOrderNo: applied.transferNo },
    });

    // Partial receipt: 3 of 4, nothing of the second line yet → a backorder.
    const partial = await ok<TransferDetail>(clerkA, P.transferReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: lineA!.id, received: 3 }],
    });
    expect(partial.status).toBe('partially_received');
    expect(partial.lines.map((l) => l.outstanding)).toEqual([1, 2]);
    expect(await balance(storeA, skuA, 'B1')).toEqual({ onHand: 3, reserved: 0, inTransit: 1 });

    // More than outstanding is refused, nothing moves.
    const tooMany = await post(clerkA, P.transferReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: lineB!.id, received: 2, damaged: 1 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany).errorMsg).toContain('不能超过未收数量 2');

    // The rest: line B one damaged and one received; line A closed one short → a discrepancy.
    const done = await ok<TransferDetail>(clerkA, P.transferReceive, storeA, {
      id: applied.id,
      lines: [
        { lineId: lineA!.id, received: 0, closeShort: true },
        { lineId: lineB!.id, received: 1, damaged: 1 },
      ],
    });
    expect(done).toMatchObject({ status: 'received', hasDiscrepancy: true, actions: [] });
    expect(done.lines.map((l) => [l.receivedQuantity, l.damagedQuantity, l.shortQuantity])).toEqual([
      [3, 0, 1],
      [1, 1, 0],
    ]);
    expect(await balance(storeA, skuA, 'B1')).toEqual({ onHand: 3, reserved: 0, inTransit: 0 });
    expect(await balance(storeA, skuB, 'B2')).toEqual({ onHand: 1, reserved: 0, inTransit: 0 });
    expect(done.timeline.map((e) => e.action)).toEqual([
      'apply',
      'accept',
      'accept_approved',
      'confirm_batch',
      'ship_approved',
      'ship',
      'receive',
      'receive',
    ]);
    // Every balance change is a movement row: the sum of A's movements of skuA is its balance.
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.docId, applied.id));
    const onHandA = moves
      .filter((m) => m.storeId === storeA.id && m.skuId === skuA && m.docType === 'transfer')
      .reduce((sum, m) => sum + m.onHandDelta, 0);
    expect(onHandA).toBe(3);
    expect(await expectAuditedChange(t.db, 'transfer.ship', clerkB.id)).toMatchObject({
      target: applied.transferNo,
      before: { status: 'ready_to_ship' },
      after: { status: 'in_transit' },
    });

    // Both lists show it; the message's inOrderNo filters the transfer-in list to it.
    const inList = await ok<TransferPage>(clerkA, P.transferList, storeA, {
      side: 'in',
      inOrderNo: applied.transferNo,
    });
    expect(inList.list.map((r) => r.transferNo)).toEqual([applied.transferNo]);
    const outList = await ok<TransferPage>(clerkB, P.transferList, storeB, { side: 'out' });
    expect(outList.list.map((r) => r.transferNo)).toContain(applied.transferNo);
    const stockA = await ok<{ list: StockRow[]; total: number }>(clerkA, P.stockList, storeA, {});
    expect(stockA.list.find((r) => r.batchNo === 'B1')).toMatchObject({ onHand: 3, available: 3 });

    // The totals count what the pages list, with a keyword (read through the SKU or the store) and without.
    expect(stockA.total).toBe(stockA.list.length);
    const code = stockA.list.find((r) => r.batchNo === 'B1')!.skuCode;
    const oneSku = await ok<{ list: StockRow[]; total: number }>(clerkA, P.stockList, storeA, {
      keyword: code,
    });
    expect(oneSku.list.length).toBeGreaterThan(0);
    expect(oneSku.list.every((r) => r.skuCode === code)).toBe(true);
    expect(oneSku.total).toBe(oneSku.list.length);
    expect(outList.total).toBe(outList.list.length);
    const byNo = await ok<TransferPage>(clerkB, P.transferList, storeB, {
      side: 'out',
      keyword: applied.transferNo.toLowerCase(),
    });
    expect(byNo.list.map((r) => r.transferNo)).toEqual([applied.transferNo]);
    expect(byNo.total).toBe(1);
  });
});

describe('illegal transitions and store isolation', () => {
  it('answers 409 in Chinese for an action the state does not allow, 403 for the wrong side', async () => {
    const applied = await apply([{ skuId: skuA, quantity: 1 }]);
    const ship = await post(clerkB, P.transferShip, storeB, { id: applied.id });
    expect(ship.statusCode).toBe(409);
    expect(errorOf(ship).errorMsg).toBe('调拨单当前状态为「待接单」，不能发货');
    const receive = await post(clerkA, P.transferReceive, storeA, {
      id: applied.id,
      lines: [{ lineId: applied.lines[0]!.id, received: 1 }],
    });
    expect(receive.statusCode).toBe(409);
    const acceptOwn = await post(clerkC, P.transferAccept, storeA, { id: applied.id });
    expect(acceptOwn.statusCode).toBe(403); // clerk C is not authorised for store A
    // A clerk who works in both stores still acts only as the side of the chosen store.
    const both = await addOrderStaff(t, [storeA, storeB], [...IN, ...OUT]);
    const wrongSide = await post(both, P.transferAccept, storeA, { id: applied.id });
    expect(wrongSide.statusCode).toBe(403);
    expect(errorOf(wrongSide).errorMsg).toBe('本店不能接单该调拨单');
  });

  it('hides a transfer from a store not party to it (404) and from its lists', async () => {
    const applied = await apply([{ skuId: skuA, quantity: 1 }]);
    const detail = await post(clerkC, P.transferDetail, storeC, { id: applied.id });
    expect(detail.statusCode).toBe(404);
    expect(errorOf(detail).errorMsg).toBe('调拨单不存在');
    expect(
      (await post(clerkC, P.transferCancel, storeC, { id: applied.id, reason: '误操作' })).statusCode,
    ).toBe(404);
    for (const side of ['in', 'out'])
      expect((await ok<TransferPage>(clerkC, P.transferList, storeC, { side })).total).toBe(0);
  });

  it('refuses bad applications with a named reason', async () => {
    const same = await post(clerkA, P.transferApply, storeA, {
      fromStoreCode: storeA.code,
      lines: [{ skuId: skuA, quantity: 1 }],
    });
    expect([same.statusCode, errorOf(same).errorMsg]).toEqual([422, '不能向本店申请调拨']);
    const none = await post(clerkA, P.transferApply, storeA, { fromStoreCode: storeB.code, lines: [] });
    expect([none.statusCode, errorOf(none).errorMsg]).toEqual([400, '请添加调拨商品']);
    const zero = await post(clerkA, P.transferApply, storeA, {
      fromStoreCode: storeB.code,
      lines: [{ skuId: skuA, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).errorMsg).toBe('调拨数量须大于0');
  });

  it('cancels with a confirmed batch: the reservation is released and A hears type 8', async () => {
    await stock(t.db, storeB, skuA, 'C1', 3);
    const applied = await readyToShip(2, 'C1');
    expect(await balance(storeB, skuA, 'C1')).toEqual({ onHand: 3, reserved: 2, inTransit: 0 });
    const cancelled = await ok<TransferDetail>(clerkB, P.transferCancel, storeB, {
      id: applied.id,
      reason: '货品临期，改由仓库配送',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '货品临期，改由仓库配送' });
    expect(await balance(storeB, skuA, 'C1')).toEqual({ onHand: 3, reserved: 0, inTransit: 0 });
    const note = (await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)!;
    expect(note).toMatchObject({ businessType: 4, messageType: 8 });
    const again = await post(clerkA, P.transferCancel, storeA, { id: applied.id, reason: '再取消' });
    expect([again.statusCode, errorOf(again).errorMsg]).toEqual([
      409,
      '调拨单当前状态为「已取消」，不能取消',
    ]);
  });
});

describe('head office dispatches a transfer in', () => {
  const dispatch = (who: OrderStaff, from: OrderStore, to: OrderStore, store = storeA) =>
    post(who, P.transferDispatch, store, {
      fromStoreCode: from.code,
      toStoreCode: to.code,
      remark: '总部补货',
      lines: [{ skuId: skuA, quantity: 2 }],
    });

  it('opens a transfer waiting for the giving store: A hears 2 (the receiving list), B hears 1', async () => {
    // Own stores are in the dispatcher's scope; the chosen store need not be a party.
    const dispatcher = await addOrderStaff(t, [storeA, storeB, storeC], ['transferIn:dispatch']);
    const response = await dispatch(dispatcher, storeB, storeA, storeC);
    expect(response.statusCode).toBe(200);
    const { id, transferNo } = dataOf<{ id: number; transferNo: string }>(response);
    expect((await expectAuditedChange(t.db, 'transfer.dispatch', dispatcher.id)).target).toBe(transferNo);

    const dispatched = (await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)!;
    expect(dispatched).toMatchObject({ businessType: 4, messageType: 2 });
    expect(dispatched.text).toContain(transferNo);
    expect(target(4, 2, dispatched)).toEqual({
      kind: 'route',
      name: 'ReceivedOrders',
      query: { inOrderNo: transferNo },
    });
    const reminder = (await messagesOf(t.db, clerkB.id, storeB.id)).at(-1)!;
    expect(reminder).toMatchObject({ businessType: 4, messageType: 1 });
    expect(reminder.text).toContain('总部派单');

    const seenByA = await ok<TransferDetail>(clerkA, P.transferDetail, storeA, { id });
    expect(seenByA).toMatchObject({ origin: 'dispatch', status: 'pending_accept', side: 'in' });
    expect(seenByA.timeline.map((e) => e.action)).toEqual(['dispatch']);
    const accepted = await ok<TransferDetail>(clerkB, P.transferAccept, storeB, { id });
    expect(accepted.status).toBe('accept_review');
  });

  it('is refused without the button, outside the scope, and for bad stores', async () => {
    const noButton = await dispatch(clerkA, storeB, storeA);
    expect(noButton.statusCode).toBe(403);
    // Scope of store A only: store C is outside it.
    const narrow = await addOrderStaff(t, [storeA], ['transferIn:dispatch']);
    const outside = await dispatch(narrow, storeC, storeA);
    expect([outside.statusCode, errorOf(outside).errorMsg]).toEqual([
      403,
      '调入或调出门店不在您的数据范围内',
    ]);
    const same = await dispatch(narrow, storeA, storeA);
    expect([same.statusCode, errorOf(same).errorMsg]).toEqual([422, '调入门店与调出门店不能相同']);
    const unknown = await post(narrow, P.transferDispatch, storeA, {
      fromStoreCode: storeA.code,
      toStoreCode: 'S9999999',
      lines: [{ skuId: skuA, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).errorMsg).toBe('调入门店不存在');
  });
});

describe('two clerks and the last unit', () => {
  it('lets one reserve it and answers the other 409, never overselling', async () => {
    await stock(t.db, storeB, skuB, 'LAST', 1);
    const prepare = async () => {
      const applied = await apply([{ skuId: skuB, quantity: 1 }]);
      await ok(clerkB, P.transferAccept, storeB, { id: applied.id });
      expect((await approve((await taskOf(applied.id, 4)).id)).statusCode).toBe(200);
      return applied;
    };
    const first = await prepare();
    const second = await prepare();
    const confirm = (who: OrderStaff, transfer: TransferDetail) =>
      post(who, P.transferConfirmBatch, storeB, {
        id: transfer.id,
        lines: [{ lineId: transfer.lines[0]!.id, batchNo: 'LAST', quantity: 1 }],
      });
    const answers = await Promise.all([confirm(clerkB, first), confirm(clerkB2, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(errorOf(refused).errorMsg).toMatch(/^库存不足：.+ 批次 LAST 可用 0，需要 1$/);
    expect(await balance(storeB, skuB, 'LAST')).toEqual({ onHand: 1, reserved: 1, inTransit: 0 });
  });
});

describe('approval tasks', () => {
  it('lists a task only for approvers whose scope covers both stores, never the requester', async () => {
    const applied = await apply([{ skuId: skuA, quantity: 1 }]);
    await ok(clerkB, P.transferAccept, storeB, { id: applied.id });
    const task = await taskOf(applied.id, 4);
    const pendingIds = async (who: OrderStaff, store: OrderStore) =>
      (await ok<ApprovalPage>(who, P.auditPending, store, { busiType: 4, pageSize: 50 })).list.map(
        (r) => r.id,
      );
    expect(await pendingIds(auditor, storeA)).toContain(task.id);
    expect(await pendingIds(areaManager, storeC)).toContain(task.id);
    expect(await pendingIds(farAuditor, storeC)).not.toContain(task.id);
    // The approver outside the scope cannot decide it either (404, not a hint that it exists).
    expect((await approve(task.id, farAuditor, storeC)).statusCode).toBe(404);
    // The requester sees it in 我发起的 with its state.
    const mine = await ok<ApprovalPage>(clerkB, P.auditMine, storeB, {});
    expect(mine.list.find((r) => r.id === task.id)).toMatchObject({
      state: 'pending',
      busiTypeText: '接受调出审核',
    });

    const rejectBlank = await post(areaManager, P.auditDecide, storeC, { id: task.id, decision: 'reject' });
    expect([rejectBlank.statusCode, errorOf(rejectBlank).errorMsg]).toEqual([400, '驳回请填写原因']);
    const rejected = await ok<ApprovalRow>(areaManager, P.auditDecide, storeC, {
      id: task.id,
      decision: 'reject',
      reason: '调出门店库存需保留给会员日',
    });
    expect(rejected).toMatchObject({ state: 'rejected', reason: '调出门店库存需保留给会员日' });
    expect((await messagesOf(t.db, clerkB.id, storeB.id)).at(-1)).toMatchObject({ messageType: 34 });
    expect((await messagesOf(t.db, clerkA.id, storeA.id)).at(-1)).toMatchObject({ messageType: 6 });
    const after = await ok<TransferDetail>(clerkA, P.transferDetail, storeA, { id: applied.id });
    expect(after.status).toBe('cancelled');
    const twice = await approve(task.id);
    expect([twice.statusCode, errorOf(twice).errorMsg]).toEqual([409, '该审核任务已驳回，不能重复处理']);
  });

  it('batch-approves and answers per task', async () => {
    const one = await apply([{ skuId: skuA, quantity: 1 }]);
    const two = await apply([{ skuId: skuA, quantity: 1 }]);
    await ok(clerkB, P.transferAccept, storeB, { id: one.id });
    await ok(clerkB, P.transferAccept, storeB, { id: two.id });
    const t1 = await taskOf(one.id, 4);
    const t2 = await taskOf(two.id, 4);
    // Cancelled by A meanwhile: its task is withdrawn and answers its reason.
    await ok(clerkA, P.transferCancel, storeA, { id: two.id, reason: '已从别店调到' });
    const result = await ok<AuditBatchResult>(auditor, P.auditBatchApprove, storeA, { ids: [t1.id, t2.id] });
    expect(result.results).toEqual([
      { id: t1.id, ok: true, message: '已通过' },
      { id: t2.id, ok: false, message: '该审核任务已撤回，不能重复处理' },
    ]);
    expect((await ok<TransferDetail>(clerkB, P.transferDetail, storeB, { id: one.id })).status).toBe(
      'accepted',
    );
    // Without audit:approve the batch call is refused.
    expect((await post(clerkA, P.auditBatchApprove, storeA, { ids: [t1.id] })).statusCode).toBe(403);
  });
});

describe('the long lists page by keyset with a capped count', () => {
  it('counts a store’s stock up to the cap, and a cursor page is the page by number', async () => {
    const batches = Array.from({ length: INVENTORY_COUNT_CAP + 1 }, (_, i) => ({
      key: { storeId: storeC.id, skuId: skuB, batchNo: `K${String(i).padStart(4, '0')}` },
      dates: { productionDate: '2026-10-01', expiryDate: '2027-10-01' },
      deltas: { onHand: 1 },
    }));
    await t.db.transaction((tx) =>
      createStockLedger().increaseMany(tx as unknown as Database, batches, 'receipt', {
        type: 'receipt',
        id: 2,
        no: 'RCKEYSET',
        userId: null,
      }),
    );
    const first = await ok<StockPage>(clerkC, P.stockList, storeC, { pageSize: 20 });
    expect(first).toMatchObject({ total: INVENTORY_COUNT_CAP, totalExact: false });
    expect(first.list).toHaveLength(20);
    const byCursor = await ok<StockPage>(clerkC, P.stockList, storeC, {
      pageNum: 2,
      pageSize: 20,
      cursor: first.nextCursor,
    });
    const byNumber = await ok<StockPage>(clerkC, P.stockList, storeC, { pageNum: 2, pageSize: 20 });
    expect(byCursor.list.map((r) => r.id)).toEqual(byNumber.list.map((r) => r.id));
    expect(byCursor.total).toBeNull();
    // Walking on by cursor reads every batch once, past the cap, and the last page has no cursor after it.
    const seen = first.list.map((r) => r.batchNo);
    for (let page = first, pageNum = 2; page.nextCursor; pageNum += 1) {
      page = await ok<StockPage>(clerkC, P.stockList, storeC, {
        pageNum,
        pageSize: 20,
        cursor: page.nextCursor,
      });
      seen.push(...page.list.map((r) => r.batchNo));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((b) => b.startsWith('K'))).toHaveLength(INVENTORY_COUNT_CAP + 1);
    // A filter small enough is counted exactly.
    const one = await ok<StockPage>(clerkC, P.stockList, storeC, { keyword: 'no such sku' });
    expect(one).toMatchObject({ list: [], total: 0, totalExact: true, nextCursor: null });
  });

  it('pages the transfer list by its id, and refuses a cursor it did not issue', async () => {
    await apply([{ skuId: skuA, quantity: 1 }]);
    await apply([{ skuId: skuA, quantity: 1 }]);
    const first = await ok<TransferPage>(clerkB, P.transferList, storeB, { side: 'out', pageSize: 2 });
    expect(first.totalExact).toBe(true);
    expect(first.total).toBeGreaterThan(2);
    const byCursor = await ok<TransferPage>(clerkB, P.transferList, storeB, {
      side: 'out',
      pageNum: 2,
      pageSize: 2,
      cursor: first.nextCursor,
    });
    const byNumber = await ok<TransferPage>(clerkB, P.transferList, storeB, {
      side: 'out',
      pageNum: 2,
      pageSize: 2,
    });
    expect(byCursor.list.map((r) => r.id)).toEqual(byNumber.list.map((r) => r.id));
    expect(Math.max(...byCursor.list.map((r) => r.id))).toBeLessThan(
      Math.min(...first.list.map((r) => r.id)),
    );
    // The filters of each shape: the days (Asia/Shanghai), the state and the keyword.
    const today = shanghaiDay(t.clock());
    const yesterday = shanghaiDay(new Date(t.clock().getTime() - 86_400_000));
    const ids = async (filters: Record<string, unknown>) =>
      (
        await ok<TransferPage>(clerkB, P.transferList, storeB, { side: 'out', pageSize: 50, ...filters })
      ).list.map((r) => r.id);
    const all = await ids({});
    expect(await ids({ dateFrom: today, dateTo: today })).toEqual(all);
    expect(await ids({ dateTo: yesterday })).toEqual([]);
    const pending = await ids({ status: 'pending_accept' });
    expect(pending).toContain(first.list[0]!.id);
    expect(pending.length).toBeLessThan(all.length);
    const fragment = first.list[0]!.toStoreName.slice(1, 4);
    const named = await ok<TransferPage>(clerkB, P.transferList, storeB, { side: 'out', keyword: fragment });
    expect(named.list.map((r) => r.id)).toContain(first.list[0]!.id);
    expect(named.list.every((r) => r.toStoreName.includes(fragment))).toBe(true);
    const forged = await post(clerkB, P.transferList, storeB, { side: 'out', cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).errorMsg).toBe('分页游标不正确，请从第一页重新查询');
  });
});
