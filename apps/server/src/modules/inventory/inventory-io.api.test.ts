import {
  EXPORT_PATHS,
  INVENTORY_IO_PATHS as IO,
  INVENTORY_PATHS as P,
  STORE_CODE_HEADER,
  type ExportRecordPage,
  type RequestGoodsImportRejection,
  type RequestGoodsImportResult,
  type TransferDetail,
} from '@console/contract';
import ExcelJS from 'exceljs';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { skus, stockRequests } from '../../db/schema.js';
import { bearer } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';
import { createStockLedger } from './stock-ledger.js';

let t: TestApp;
let storeA: OrderStore;
let storeB: OrderStore;
let storeC: OrderStore;
/** Store A's clerk: requests goods, applies for and exports transfers in, exports stock. */
let clerkA: OrderStaff;
/** Store B's clerk: exports transfers out. */
let clerkB: OrderStaff;
/** Store C's clerk with every button, and store A's clerk without the export buttons. */
let clerkC: OrderStaff;
let plainA: OrderStaff;
let catalogue: { id: number; skuCode: string; name: string }[];
let disabledCode: string;

const IO_BUTTONS = [
  'requestGoods:apply',
  'transferIn:apply',
  'transferIn:cancel',
  'transferIn:export',
  'transferOut:export',
  'stock:export',
  'export:again',
];

const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
async function ok<T>(who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown> = {}) {
  const response = await staffPost(t, path, who, { storeCode: store.code, ...body });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return dataOf<T>(response);
}

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----rgimport' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (who: OrderStaff, store: OrderStore, filename: string, bytes: Buffer) => {
  const form = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: IO.requestGoodsImport,
    headers: { ...bearer(who.token), [STORE_CODE_HEADER]: store.code, 'content-type': form.contentType },
    payload: form.body,
  });
};

/** A file as a clerk fills the template: header row, then the rows as typed. */
async function linesFile(rows: unknown[][], header: unknown[] = ['商品编码', '要货数量']): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('要货明细');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
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

/** Queues an export, waits for the job and answers its first sheet's rows (header first). */
async function exported(who: OrderStaff, path: string, store: OrderStore, body: Record<string, unknown>) {
  const queued = await ok<{ id: number }>(who, path, store, body);
  const deadline = Date.now() + 15_000;
  let record: ExportRecordPage['list'][number] | undefined;
  for (;;) {
    const page = await ok<ExportRecordPage>(who, EXPORT_PATHS.records, store, { pageSize: 50 });
    record = page.list.find((r) => r.id === queued.id);
    if (record && (record.status === 'done' || record.status === 'failed')) break;
    if (Date.now() > deadline) throw new Error(`export did not finish: ${JSON.stringify(record)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(record.status).toBe('done');
  const file = await t.app.inject({
    method: 'GET',
    url: EXPORT_PATHS.download,
    headers: bearer(who.token),
    query: { storeCode: store.code, id: String(queued.id) },
  });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { record, rows };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  catalogue = await t.db
    .select({ id: skus.id, skuCode: skus.skuCode, name: skus.name })
    .from(skus)
    .where(eq(skus.enabled, true))
    .orderBy(asc(skus.skuCode))
    .limit(3);
  const [disabled] = await t.db
    .update(skus)
    .set({ enabled: false })
    .where(eq(skus.id, catalogue[2]!.id))
    .returning({ skuCode: skus.skuCode });
  disabledCode = disabled!.skuCode;
  catalogue = catalogue.slice(0, 2);
  storeA = await addOrderStore(t.db);
  storeB = await addOrderStore(t.db);
  storeC = await addOrderStore(t.db);
  clerkA = await addOrderStaff(t, [storeA], IO_BUTTONS);
  clerkB = await addOrderStaff(t, [storeB], IO_BUTTONS);
  clerkC = await addOrderStaff(t, [storeC], IO_BUTTONS);
  plainA = await addOrderStaff(t, [storeA], ['requestGoods:apply']);
});

afterAll(async () => {
  await t.close();
});

describe('request-goods lines from the catalogue and from Excel', () => {
  it('searches the whole catalogue, not only the store stock, and leaves disabled SKUs out', async () => {
    const [first] = catalogue;
    const page = await ok<{ list: { skuId: number; skuCode: string }[]; total: number }>(
      clerkA,
      IO.skuOptions,
      storeA,
      { keyword: first!.skuCode.toLowerCase() },
    );
    expect(page.list.map((o) => o.skuId)).toContain(first!.id);
    const byName = await ok<{ list: { skuId: number }[] }>(clerkA, IO.skuOptions, storeA, {
      keyword: first!.name.slice(0, 2),
    });
    expect(byName.list.map((o) => o.skuId)).toContain(first!.id);
    const disabled = await ok<{ total: number }>(clerkA, IO.skuOptions, storeA, { keyword: disabledCode });
    expect(disabled.total).toBe(0);
    // Store A has no stock at all: the choices are the catalogue's.
    const all = await ok<{ total: number }>(clerkA, IO.skuOptions, storeA, {});
    expect(all.total).toBeGreaterThan(2);
  });

  it('serves a template that reads back with no lines, only its sample', async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: IO.requestGoodsImportTemplate,
      headers: { ...bearer(clerkA.token), [STORE_CODE_HEADER]: storeA.code },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('要货明细导入模板.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '商品编码',
      '要货数量',
    ]);
    const back = await upload(clerkA, storeA, '模板.xlsx', file.rawPayload);
    expect(back.statusCode).toBe(422);
    expect(back.json<{ errorMsg: string }>().errorMsg).toBe('文件中没有要导入的数据');
  });

  it('answers the lines of a good file (any case, empty rows skipped) and saves nothing', async () => {
    const [a, b] = catalogue;
    const before = await t.db.select({ n: count() }).from(stockRequests);
    const response = await upload(
      clerkA,
      storeA,
      '要货.xlsx',
      await linesFile([[a!.skuCode.toLowerCase(), 3], [], [b!.skuCode, '12']]),
    );
    expect(response.statusCode).toBe(200);
    expect(dataOf<RequestGoodsImportResult>(response).lines).toEqual([
      expect.objectContaining({ skuId: a!.id, skuCode: a!.skuCode, quantity: 3, row: 2 }),
      expect.objectContaining({ skuId: b!.id, skuCode: b!.skuCode, quantity: 12, row: 4 }),
    ]);
    expect(await t.db.select({ n: count() }).from(stockRequests)).toEqual(before);
  });

  it('names every bad row with its reason and takes no line', async () => {
    const [a, b] = catalogue;
    const response = await upload(
      clerkA,
      storeA,
      '要货.xlsx',
      await linesFile([
        [a!.skuCode, 2],
        ['NOPE-404', 1],
        [a!.skuCode, 5],
        [b!.skuCode, 0],
        [disabledCode, 1],
        ['', 3],
        [b!.skuCode, 1.5],
        [b!.skuCode, 100001],
        [b!.skuCode, ''],
      ]),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json<{ errorMsg: string; data: RequestGoodsImportRejection }>();
    expect(body.errorMsg).toBe('第3行：商品编码不存在或已停用：NOPE-404（共11处错误）');
    expect(body.data.errorCount).toBe(11);
    expect(body.data.errors.map((e) => [e.row, e.field, e.message])).toEqual([
      [3, 'skuCode', '商品编码不存在或已停用：NOPE-404'],
      [4, 'skuCode', '商品与第2行重复，同一商品请合并为一行'],
      [5, 'quantity', '要货数量须为正整数：0'],
      [6, 'skuCode', `商品编码不存在或已停用：${disabledCode}`],
      [7, 'skuCode', '请填写商品编码'],
      [8, 'skuCode', '商品与第5行重复，同一商品请合并为一行'],
      [8, 'quantity', '要货数量须为正整数：1.5'],
      [9, 'skuCode', '商品与第5行重复，同一商品请合并为一行'],
      [9, 'quantity', '要货数量不能超过100000'],
      [10, 'skuCode', '商品与第5行重复，同一商品请合并为一行'],
      [10, 'quantity', '请填写要货数量'],
    ]);
    expect('lines' in body.data).toBe(false);
  });

  it('refuses a wrong file, too many rows, a wrong header; without the button or the store', async () => {
    const [a] = catalogue;
    const csv = await upload(clerkA, storeA, '要货.csv', Buffer.from('商品编码,要货数量\n'));
    expect(csv.statusCode).toBe(400);
    expect(csv.json<{ errorMsg: string }>().errorMsg).toBe(
      '请上传 .xlsx 格式的 Excel 文件（可下载模板填写）',
    );
    const big = await upload(
      clerkA,
      storeA,
      '要货.xlsx',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json<{ errorMsg: string }>().errorMsg).toContain('导入文件不能超过');
    const many = await upload(
      clerkA,
      storeA,
      '要货.xlsx',
      await linesFile(Array.from({ length: 101 }, (_, i) => [`X${i}`, 1])),
    );
    expect(many.statusCode).toBe(422);
    expect(many.json<{ data: RequestGoodsImportRejection }>().data.errors).toEqual([
      { row: 0, field: 'file', message: '每次最多导入100行，请拆分文件后分批导入' },
    ]);
    const header = await upload(
      clerkA,
      storeA,
      '要货.xlsx',
      await linesFile([[a!.skuCode, 1]], ['编码', '数量']),
    );
    expect(header.json<{ errorMsg: string }>().errorMsg).toBe('表头缺少：商品编码、要货数量，请下载最新模板');
    // Store B is not clerk A's: refused before the file is read.
    const elsewhere = await upload(clerkA, storeB, '要货.xlsx', await linesFile([[a!.skuCode, 1]]));
    expect(elsewhere.statusCode).toBe(403);
    const noButton = await addOrderStaff(t, [storeA], []);
    expect((await upload(noButton, storeA, '要货.xlsx', await linesFile([[a!.skuCode, 1]]))).statusCode).toBe(
      403,
    );
  });
});

describe('transfer and stock exports', () => {
  let kept: TransferDetail;
  let cancelled: TransferDetail;
  beforeAll(async () => {
    const [a, b] = catalogue;
    const apply = (lines: { skuId: number; quantity: number }[]) =>
      ok<TransferDetail>(clerkA, P.transferApply, storeA, { fromStoreCode: storeB.code, lines });
    kept = await apply([
      { skuId: a!.id, quantity: 2 },
      { skuId: b!.id, quantity: 3 },
    ]);
    cancelled = await apply([{ skuId: a!.id, quantity: 1 }]);
    await ok(clerkA, P.transferCancel, storeA, { id: cancelled.id, reason: '不需要了' });
    await stock(t.db, storeA, a!.id, 'SA1', 7);
    await stock(t.db, storeA, b!.id, 'SA2', 4);
    await stock(t.db, storeC, a!.id, 'SC1', 9);
  });

  it('exports 调拨调入 with the list filters and titles, only the store own side', async () => {
    const all = await exported(clerkA, IO.transferInExport, storeA, {});
    expect(all.record).toMatchObject({ kind: 'transfers-in', kindText: '调拨调入', rowCount: 2 });
    expect(all.rows[0]).toEqual([
      '调拨单号',
      '状态',
      '来源',
      '调入门店',
      '调出门店',
      '商品种数',
      '申请数量',
      '差异',
      '申请人',
      '申请时间',
    ]);
    expect(all.rows.slice(1).map((r) => [r[0], r[1], r[5], r[6]])).toEqual([
      [cancelled.transferNo, '已取消', 1, 1],
      [kept.transferNo, '待接单', 2, 5],
    ]);
    const filtered = await exported(clerkA, IO.transferInExport, storeA, { status: 'pending_accept' });
    expect(filtered.rows.slice(1).map((r) => r[0])).toEqual([kept.transferNo]);
    const keyword = await exported(clerkA, IO.transferInExport, storeA, { keyword: cancelled.transferNo });
    expect(keyword.rows.slice(1).map((r) => r[0])).toEqual([cancelled.transferNo]);
    // Store A gives nothing: its 调拨调出 is empty; B's is the same two transfers.
    expect((await exported(clerkA, IO.transferOutExport, storeA, {})).rows).toHaveLength(1);
    const out = await exported(clerkB, IO.transferOutExport, storeB, { status: 'cancelled' });
    expect(out.record).toMatchObject({ kind: 'transfers-out', kindText: '调拨调出', rowCount: 1 });
    expect(out.rows[1]![0]).toBe(cancelled.transferNo);
    // Store C is party to neither.
    expect((await exported(clerkC, IO.transferInExport, storeC, {})).rows).toHaveLength(1);
  });

  it('exports the store stock by SKU and batch with the keyword', async () => {
    const [a, b] = catalogue;
    const all = await exported(clerkA, IO.stockExport, storeA, {});
    expect(all.record).toMatchObject({ kind: 'stock', kindText: '门店库存', rowCount: 2 });
    expect(all.rows[0]!.slice(0, 4)).toEqual(['商品编码', '商品名称', '规格', '批次']);
    expect(all.rows.slice(1).map((r) => [r[0], r[3], r[6], r[8]])).toEqual([
      [a!.skuCode, 'SA1', 7, 7],
      [b!.skuCode, 'SA2', 4, 4],
    ]);
    const one = await exported(clerkA, IO.stockExport, storeA, { keyword: b!.skuCode });
    expect(one.rows.slice(1).map((r) => r[3])).toEqual(['SA2']);
    // Store C's export is C's stock only.
    const c = await exported(clerkC, IO.stockExport, storeC, {});
    expect(c.rows.slice(1).map((r) => r[3])).toEqual(['SC1']);
  });

  it('refuses without the export button or for another store, and 重新导出 asks the same button', async () => {
    for (const path of [IO.transferInExport, IO.transferOutExport, IO.stockExport]) {
      const refused = await staffPost(t, path, plainA, { storeCode: storeA.code });
      expect(refused.statusCode, path).toBe(403);
      const elsewhere = await staffPost(t, path, clerkC, { storeCode: storeA.code });
      expect(elsewhere.statusCode, path).toBe(403);
    }
    const first = await ok<{ id: number }>(clerkA, IO.stockExport, storeA, { keyword: 'SA' });
    const again = await ok<{ id: number }>(clerkA, EXPORT_PATHS.again, storeA, { id: first.id });
    expect(again.id).toBeGreaterThan(first.id);
    const lacking = await addOrderStaff(t, [storeA], ['export:again', 'transferIn:export']);
    const denied = await staffPost(t, EXPORT_PATHS.again, lacking, { storeCode: storeA.code, id: first.id });
    expect(denied.statusCode).toBe(403);
  });
});
