import {
  EXPORT_PATHS,
  INVENTORY_IO_PATHS as IO,
  INVENTORY_PATHS as P,
  LOAN_PATHS,
  type ExportRecordPage,
  type LoanDetail,
  type StockRow,
} from '@console/contract';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { skus } from '../../db/schema.js';
import { bearer } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import {
  addOrderStaff,
  addOrderStore,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';
import { inventoryTestKit } from './inventory-test-fixtures.js';
import { createStockLedger } from './stock-ledger.js';

/** 借货管理, 待我审核 and 我发起的 exports, and 库存查询 (the list, its filters and its export). */
const DAY_MS = 86_400_000;
/** Building the app and seven signed-in staff takes a while on a loaded machine. */
const SETUP_MS = 240_000;
let t: TestApp;
let kit: ReturnType<typeof inventoryTestKit>;
let storeA: OrderStore;
let storeB: OrderStore;
let storeC: OrderStore;
/** Borrows for A and exports its loans and its own requests. */
let clerkA: OrderStaff;
/** Lends for B and exports B's loans. */
let clerkB: OrderStaff;
/** Exports C's loans: party to none. */
let clerkC: OrderStaff;
/** A's other clerk with every export button: not the requester, decides nothing. */
let otherA: OrderStaff;
/** Decides for A and B (their data scope), exports 待我审核. */
let approver: OrderStaff;
/** Decides for C only. */
let approverC: OrderStaff;
/** A's clerk without any export button. */
let plainA: OrderStaff;
let skuA: number;
let skuB: number;
let skuCodes: [string, string];
let loans: LoanDetail[];

const EXPORTS = [
  'borrow:export',
  'reviewPending:export',
  'auditRequests:export',
  'stock:export',
  'export:again',
];
const AUDIT = ['audit:approve', 'audit:reject'];
const day = (offset: number) => shanghaiDay(new Date(t.clock().getTime() + offset * DAY_MS));

/** Queues an export, waits for the job and answers its record and its first sheet's rows (header first). */
async function exported(
  who: OrderStaff,
  path: string,
  store: OrderStore,
  body: Record<string, unknown> = {},
) {
  const queued = await kit.ok<{ id: number }>(who, path, store, body);
  const deadline = Date.now() + 20_000;
  let record: ExportRecordPage['list'][number] | undefined;
  for (;;) {
    const page = await kit.ok<ExportRecordPage>(who, EXPORT_PATHS.records, store, { pageSize: 50 });
    record = page.list.find((r) => r.id === queued.id);
    if (record && (record.status === 'done' || record.status === 'failed')) break;
    if (Date.now() > deadline) throw new Error(`export did not finish: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(record.status, record.error).toBe('done');
  const file = await download(who, store, queued.id);
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { id: queued.id, record, rows };
}
const download = (who: OrderStaff, store: OrderStore, id: number) =>
  t.app.inject({
    method: 'GET',
    url: EXPORT_PATHS.download,
    headers: bearer(who.token),
    query: { storeCode: store.code, id: String(id) },
  });

async function inTransit(
  store: OrderStore,
  skuId: number,
  batchNo: string,
  quantity: number,
  expiryDate: string,
) {
  await t.db.transaction((tx) =>
    createStockLedger().increase(
      tx as unknown as Database,
      { storeId: store.id, skuId, batchNo },
      { productionDate: '2026-01-01', expiryDate },
      { inTransit: quantity },
      'ship',
      { type: 'transfer', id: 1, no: `TR${batchNo}`, userId: null },
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  kit = inventoryTestKit(t);
  await seedCatalogue(t.db);
  const rows = await t.db
    .select({ id: skus.id, code: skus.skuCode })
    .from(skus)
    .where(eq(skus.kind, 'retail'))
    .orderBy(skus.skuCode)
    .limit(2);
  [skuA, skuB] = rows.map((r) => r.id) as [number, number];
  skuCodes = rows.map((r) => r.code) as [string, string];
  [storeA, storeB, storeC] = [
    await addOrderStore(t.db),
    await addOrderStore(t.db),
    await addOrderStore(t.db),
  ];
  clerkA = await addOrderStaff(t, [storeA], ['borrow:apply', ...EXPORTS]);
  clerkB = await addOrderStaff(t, [storeB], ['borrow:lend', ...EXPORTS]);
  clerkC = await addOrderStaff(t, [storeC], EXPORTS);
  otherA = await addOrderStaff(t, [storeA], EXPORTS);
  approver = await addOrderStaff(t, [storeA, storeB], [...AUDIT, ...EXPORTS]);
  approverC = await addOrderStaff(t, [storeC], [...AUDIT, ...EXPORTS]);
  plainA = await addOrderStaff(t, [storeA], ['borrow:apply', ...AUDIT]);
  await kit.receive(storeB, skuA, 'B-1', 20);
  const apply = (quantity: number) =>
    kit.ok<LoanDetail>(clerkA, LOAN_PATHS.apply, storeA, {
      lenderStoreCode: storeB.code,
      dueDate: day(5),
      lines: [{ skuId: skuA, quantity }],
    });
  loans = [await apply(2), await apply(3), await apply(4)];
  // The first is approved, the second rejected: 待我审核 keeps the third.
  const decide = async (loan: LoanDetail, decision: 'approve' | 'reject') => {
    const task = await kit.taskOf(loan.id, 2);
    await kit.ok(approver, P.auditDecide, storeA, {
      id: task.id,
      decision,
      reason: decision === 'reject' ? '库存紧张' : '',
    });
  };
  await decide(loans[0]!, 'approve');
  await decide(loans[1]!, 'reject');
}, SETUP_MS);

afterAll(async () => {
  await t.close();
});

describe('借货管理 export', () => {
  it('exports the loans of both directions with the list filters and titles, the store own only', async () => {
    const all = await exported(clerkA, LOAN_PATHS.export, storeA);
    expect(all.record).toMatchObject({ kind: 'loans', kindText: '借货单', rowCount: 3 });
    expect(all.rows[0]).toEqual([
      '借货单号',
      '状态',
      '方向',
      '借入门店',
      '借出门店',
      '归还日期',
      '商品种数',
      '借货数量',
      '申请人',
      '申请时间',
      '更新时间',
    ]);
    expect(all.rows.slice(1).map((r) => [r[0], r[1], r[2], r[5], r[7]])).toEqual([
      [loans[2]!.loanNo, '待审核', '借入', day(5), 4],
      [loans[1]!.loanNo, '已驳回', '借入', day(5), 3],
      [loans[0]!.loanNo, '待借出', '借入', day(5), 2],
    ]);
    const approved = await exported(clerkA, LOAN_PATHS.export, storeA, { status: 'approved' });
    expect(approved.rows.slice(1).map((r) => r[0])).toEqual([loans[0]!.loanNo]);
    // A lends nothing; B lends all three; C is party to none.
    expect((await exported(clerkA, LOAN_PATHS.export, storeA, { side: 'out' })).rows).toHaveLength(1);
    const lent = await exported(clerkB, LOAN_PATHS.export, storeB, {
      side: 'out',
      keyword: loans[1]!.loanNo,
    });
    expect(lent.rows.slice(1).map((r) => [r[0], r[2]])).toEqual([[loans[1]!.loanNo, '借出']]);
    expect((await exported(clerkC, LOAN_PATHS.export, storeC)).rows).toHaveLength(1);
  });

  it('refuses without the button, for another store and a bad filter', async () => {
    expect((await staffPost(t, LOAN_PATHS.export, plainA, { storeCode: storeA.code })).statusCode).toBe(403);
    expect((await staffPost(t, LOAN_PATHS.export, clerkC, { storeCode: storeA.code })).statusCode).toBe(403);
    const bad = await staffPost(t, LOAN_PATHS.export, clerkA, { storeCode: storeA.code, status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errorMsg: string }>().errorMsg).toContain('借货单状态不正确');
  });
});

describe('待我审核 and 我发起的 exports', () => {
  it('exports the tasks the approver may decide, with the busiType filter; nothing outside the scope', async () => {
    const pending = await exported(approver, P.auditPendingExport, storeA);
    expect(pending.record).toMatchObject({ kind: 'approvals-pending', kindText: '待我审核', rowCount: 1 });
    expect(pending.rows[0]).toEqual([
      '单据号',
      '业务类型',
      '申请门店',
      '对方门店',
      '申请人',
      '金额（元）',
      '审核状态',
      '审核人',
      '审核意见',
      '提交时间',
      '审核时间',
    ]);
    expect(pending.rows[1]!.slice(0, 2)).toEqual([loans[2]!.loanNo, '借货审核']);
    expect(pending.rows[1]![6]).toBe('待审核');
    expect((await exported(approver, P.auditPendingExport, storeA, { busiType: 1 })).rows).toHaveLength(1);
    // C's approver: the loan is between A and B, outside the scope. A clerk without the audit buttons decides
    // nothing: the list is empty, so is the file.
    expect((await exported(approverC, P.auditPendingExport, storeC)).rows).toHaveLength(1);
    expect((await exported(otherA, P.auditPendingExport, storeA)).rows).toHaveLength(1);
  });

  it('exports the caller own requests with the state filter, as a job only its creator reads', async () => {
    const mine = await exported(clerkA, P.auditMineExport, storeA);
    expect(mine.record).toMatchObject({ kind: 'approvals-mine', kindText: '我发起的', rowCount: 3 });
    // An empty last cell reads back as no cell.
    expect(mine.rows.slice(1).map((r) => [r[0], r[6], r[8] ?? ''])).toEqual([
      [loans[2]!.loanNo, '待审核', ''],
      [loans[1]!.loanNo, '已驳回', '库存紧张'],
      [loans[0]!.loanNo, '已通过', ''],
    ]);
    const rejected = await exported(clerkA, P.auditMineExport, storeA, { state: 'rejected' });
    expect(rejected.rows.slice(1).map((r) => r[0])).toEqual([loans[1]!.loanNo]);
    // Another clerk of the same store: their own requests (none), and clerk A's file is not theirs.
    expect((await exported(otherA, P.auditMineExport, storeA)).rows).toHaveLength(1);
    expect((await download(otherA, storeA, mine.id)).statusCode).toBe(404);
    const records = await kit.ok<ExportRecordPage>(otherA, EXPORT_PATHS.records, storeA, { pageSize: 50 });
    expect(records.list.map((r) => r.id)).not.toContain(mine.id);
    const again = await staffPost(t, EXPORT_PATHS.again, otherA, { storeCode: storeA.code, id: mine.id });
    expect(again.statusCode).toBe(404);
    // Its creator runs it again (重新导出), with the rows the caller has now.
    const rerun = await kit.ok<{ id: number }>(clerkA, EXPORT_PATHS.again, storeA, { id: rejected.id });
    expect(rerun.id).toBeGreaterThan(rejected.id);
  });

  it('refuses without each list own button and for another store', async () => {
    for (const path of [P.auditPendingExport, P.auditMineExport]) {
      expect((await staffPost(t, path, plainA, { storeCode: storeA.code })).statusCode, path).toBe(403);
      expect((await staffPost(t, path, clerkC, { storeCode: storeA.code })).statusCode, path).toBe(403);
    }
    const onlyMine = await addOrderStaff(t, [storeA], [...AUDIT, 'auditRequests:export']);
    expect((await staffPost(t, P.auditPendingExport, onlyMine, { storeCode: storeA.code })).statusCode).toBe(
      403,
    );
    expect((await staffPost(t, P.auditMineExport, onlyMine, { storeCode: storeA.code })).statusCode).toBe(
      200,
    );
  });
});

describe('库存查询', () => {
  beforeAll(async () => {
    await kit.receive(storeA, skuA, 'SOON', 5, day(10));
    await kit.receive(storeA, skuA, 'LATER', 7, day(200));
    await kit.receive(storeA, skuB, 'EXPIRED', 1, day(-1));
    await inTransit(storeA, skuB, 'ROAD', 4, day(300));
    await kit.receive(storeC, skuA, 'C-ONLY', 9, day(5));
  }, SETUP_MS);
  type StockPage = { list: StockRow[]; total: number };
  const stockOf = (body: Record<string, unknown> = {}) =>
    kit.ok<StockPage>(clerkA, P.stockList, storeA, body);

  it('lists the store own batches with on-hand, reserved, in transit and dates; filters near expiry and transit', async () => {
    const all = await stockOf();
    expect(all.total).toBe(4);
    expect(all.list.map((r) => [r.batchNo, r.onHand, r.available, r.inTransit, r.nearExpiry])).toEqual([
      ['SOON', 5, 5, 0, true],
      ['LATER', 7, 7, 0, false],
      ['EXPIRED', 1, 1, 0, true],
      ['ROAD', 0, 0, 4, false],
    ]);
    expect(all.list[0]).toMatchObject({
      skuCode: skuCodes[0],
      expiryDate: day(10),
      productionDate: '2026-01-01',
    });
    const near = await stockOf({ nearExpiry: true });
    expect(near.list.map((r) => r.batchNo)).toEqual(['SOON', 'EXPIRED']);
    expect(near.total).toBe(2);
    expect((await stockOf({ inTransit: true })).list.map((r) => r.batchNo)).toEqual(['ROAD']);
    expect((await stockOf({ nearExpiry: true, keyword: skuCodes[1] })).list.map((r) => r.batchNo)).toEqual([
      'EXPIRED',
    ]);
    const second = await stockOf({ pageNum: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, pageNum: 2, pageSize: 3 });
    expect(second.list.map((r) => r.batchNo)).toEqual(['ROAD']);
    // C's batch is C's only; a clerk of C never sees A's, and A's store code is refused to C's clerk.
    const c = await kit.ok<StockPage>(clerkC, P.stockList, storeC, {});
    expect(c.list.map((r) => r.batchNo)).toEqual(['C-ONLY']);
    expect((await staffPost(t, P.stockList, clerkC, { storeCode: storeA.code })).statusCode).toBe(403);
    const bad = await staffPost(t, P.stockList, clerkA, { storeCode: storeA.code, nearExpiry: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errorMsg: string }>().errorMsg).toContain('临期筛选不正确');
  });

  it('exports the stock with the same filters, 临期 marked', async () => {
    const near = await exported(clerkA, IO.stockExport, storeA, { nearExpiry: true });
    expect(near.record).toMatchObject({ kind: 'stock', rowCount: 2 });
    expect(near.rows[0]!.at(-1)).toBe('临期');
    expect(near.rows.slice(1).map((r) => [r[3], r[10]])).toEqual([
      ['SOON', '临期'],
      ['EXPIRED', '临期'],
    ]);
    const road = await exported(clerkA, IO.stockExport, storeA, { inTransit: true });
    expect(road.rows.slice(1).map((r) => [r[3], r[9]])).toEqual([['ROAD', 4]]);
    expect((await staffPost(t, IO.stockExport, plainA, { storeCode: storeA.code })).statusCode).toBe(403);
  });
});
