import {
  EXPORT_PATHS,
  type ExportJobCreated,
  type ExportRecord,
  type ExportRecordPage,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, performanceOrders, roles, userRoles, userStores } from '../../db/schema.js';
import { createUser, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addOrder, addStore, call, type TestStore } from '../orders/fulfilment/fulfilment-test-fixtures.js';
import { downloadExport, finishedExport, rowsOf, workbookOf } from './exports-test-fixtures.js';

/** The workbook's headers: the list page's titles, a money column's with （元）. */
const KNOWN_HEADERS = [
  '履约单号',
  '订单号',
  '履约计划单号',
  '订单来源',
  '订单状态',
  '配送方式',
  '收货人',
  '收货电话',
  '收货地址',
  '商品',
  '商品件数',
  '商品金额（元）',
  '运费（元）',
  '优惠（元）',
  '实付金额（元）',
  '快递公司',
  '快递单号',
  '配送员',
  '开票状态',
  '买家备注',
  '接单时间',
  '发货时间',
];

type Staff = { id: number; token: string; nickName: string };

let t: TestApp;
let store: TestStore;
let other: TestStore;
let clerk: Staff;
let stranger: Staff;
let noExport: Staff;
let noAgain: Staff;

async function addStaff(storeList: TestStore[], permissions: string[]): Promise<Staff> {
  const user = await createUser(t.db, { roles: permissions });
  await t.db.insert(userStores).values(storeList.map((s) => ({ userId: user.id, storeId: s.id })));
  return { id: user.id, token: await signIn(t.app, user), nickName: '' };
}

const exportReceived = (who: Staff | null, body: Record<string, unknown>) =>
  call<ExportJobCreated>(t, 'POST', EXPORT_PATHS.receivedOrders, who, body);
const records = (who: Staff, storeCode: string) =>
  call<ExportRecordPage>(t, 'POST', EXPORT_PATHS.records, who, { storeCode, pageSize: 50 });
const download = (who: Staff, storeCode: string, id: number | string) =>
  downloadExport(t, who.token, storeCode, id);
const finished = (id: number, who: Staff = clerk, storeCode = store.code): Promise<ExportRecord> =>
  finishedExport(t, who.token, storeCode, id);

beforeAll(async () => {
  t = await createTestApp();
  store = await addStore(t.db, '望京店');
  other = await addStore(t.db, '天河店');
  clerk = await addStaff([store], ['order:export', 'export:again']);
  stranger = await addStaff([other], ['order:export', 'export:again']);
  noExport = await addStaff([store], ['export:again']);
  noAgain = await addStaff([store], ['order:export']);
  const now = t.clock().getTime();
  await addOrder(t.db, {
    storeId: store.id,
    status: 'wait_ship',
    receiverName: '=HYPERLINK("http://evil.example","点我")',
    takenAt: new Date(now - 3 * 60_000),
  });
  const shipped = await addOrder(t.db, {
    storeId: store.id,
    status: 'shipped',
    deliveryType: 'store_delivery',
    receiverName: '张三',
    takenAt: new Date(now - 2 * 60_000),
  });
  await t.db
    .update(performanceOrders)
    .set({ delivererName: '赵师傅', delivererPhone: '13800000009' })
    .where(eq(performanceOrders.id, shipped.id));
  await addOrder(t.db, {
    storeId: store.id,
    status: 'wait_ship',
    receiverName: '@李四',
    takenAt: new Date(Date.parse('2024-05-31T16:30:05Z')),
  });
  await addOrder(t.db, { storeId: other.id, status: 'wait_ship', receiverName: '别家顾客' });
});

afterAll(async () => {
  await t?.close();
});

describe('received-orders export', () => {
  it('queues a job at once, runs it in the background and downloads an xlsx of the matching rows', async () => {
    const created = await exportReceived(clerk, { storeCode: store.code, status: 'wait_ship' });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ status: 'queued', statusText: '排队中' });

    const record = await finished(created.body.data.id);
    expect(record).toMatchObject({
      kind: 'received-orders',
      kindText: '已接订单',
      status: 'done',
      statusText: '已完成',
      progress: 100,
      rowCount: 2,
      error: '',
    });
    expect(record.fileName).toMatch(/^已接订单_望京店_\d{14}\.xlsx$/);
    expect(record.createdByName).toMatch(/^测试用户/);
    expect(record.finishedAt).not.toBeNull();

    const file = await download(clerk, store.code, record.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(record.fileName)}`,
    );
    const workbook = await workbookOf(file.rawPayload);
    const rows = rowsOf(workbook);
    expect(rows).toHaveLength(2);
    // Newest first, as the list shows them; only wait_ship orders of this store.
    expect(rows.map((r) => r['订单状态'])).toEqual(['待发货', '待发货']);
    expect(rows[0]).toMatchObject({
      收货人: '=HYPERLINK("http://evil.example","点我")',
      商品: '龙井茶礼盒（250g）×2，玻璃杯×1',
      商品件数: 3,
      '实付金额（元）': 130,
      '优惠（元）': 8,
      配送方式: '快递配送',
      订单来源: '线上订单',
    });
    expect(rows[1]).toMatchObject({ 收货人: '@李四', 接单时间: '2024-06-01 00:30:05' });
    // Money is a number shown with 2 decimals; nothing in the file is a formula.
    const sheet = workbook.worksheets[0]!;
    // The headers as they were, in their order (a column added later may sit anywhere among them).
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers.filter((header) => KNOWN_HEADERS.includes(header))).toEqual(KNOWN_HEADERS);
    const payColumn = (sheet.getRow(1).values as unknown[]).indexOf('实付金额（元）');
    expect(sheet.getRow(2).getCell(payColumn).numFmt).toBe('0.00');
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.formula).toBeFalsy()));
    // An outsider's formula text is a Text-format string cell: shown as typed, no apostrophe, never run.
    const receiverColumn = headers.indexOf('收货人') + 1;
    const evil = sheet.getRow(2).getCell(receiverColumn);
    expect(typeof evil.value).toBe('string');
    expect(evil.numFmt).toBe('@');
  });

  it('exports every status with the default filters, and the keyword filter as the list applies it', async () => {
    const all = await finished((await exportReceived(clerk, { storeCode: store.code })).body.data.id);
    expect(all.rowCount).toBe(3);
    // The shipped order went out by store delivery: its deliverer has a column of its own.
    const rows = rowsOf(await workbookOf((await download(clerk, store.code, all.id)).rawPayload));
    expect(rows.find((r) => r['收货人'] === '张三')).toMatchObject({ 配送员: '赵师傅 13800000009' });
    const byName = await finished(
      (await exportReceived(clerk, { storeCode: store.code, keyword: '张三' })).body.data.id,
    );
    expect(byName.rowCount).toBe(1);
  });

  it('answers 400 with a Chinese message for bad filters, 401 without a session', async () => {
    const reversed = await exportReceived(clerk, {
      storeCode: store.code,
      dateFrom: '2024-06-02',
      dateTo: '2024-06-01',
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body.errorMsg).toBe('开始日期不能晚于结束日期');
    const badStatus = await exportReceived(clerk, { storeCode: store.code, status: 'lost' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body.errorMsg).toBe('订单状态不正确');
    expect((await exportReceived(null, { storeCode: store.code })).statusCode).toBe(401);
    const noStore = await exportReceived(clerk, {});
    expect(noStore.statusCode).toBe(400);
  });

  it('needs the order:export button', async () => {
    const denied = await exportReceived(noExport, { storeCode: store.code });
    expect(denied.statusCode).toBe(403);
    expect(denied.body.errorMsg).toBe('您没有该操作权限');
  });
});

describe('export records, re-export and download', () => {
  let jobId: number;
  beforeAll(async () => {
    jobId = (await exportReceived(clerk, { storeCode: store.code, status: 'shipped' })).body.data.id;
    await finished(jobId);
  });

  it('lists only the store’s records, newest first', async () => {
    const mine = await records(clerk, store.code);
    expect(mine.statusCode).toBe(200);
    expect(mine.body.data.list[0]!.id).toBe(jobId);
    expect(mine.body.data.total).toBe(mine.body.data.list.length);
    const ids = mine.body.data.list.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const theirs = await records(stranger, other.code);
    expect(theirs.body.data.list.map((r) => r.id)).not.toContain(jobId);
  });

  it('re-exports with the same filters as a new job', async () => {
    const again = await call<ExportJobCreated>(t, 'POST', EXPORT_PATHS.again, clerk, {
      storeCode: store.code,
      id: jobId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.body.data.id).not.toBe(jobId);
    const record = await finished(again.body.data.id);
    expect(record).toMatchObject({ status: 'done', rowCount: 1 });
    const rows = rowsOf(await workbookOf((await download(clerk, store.code, record.id)).rawPayload));
    expect(rows.map((r) => r['收货人'])).toEqual(['张三']);
  });

  it('re-export needs the export:again button', async () => {
    const denied = await call(t, 'POST', EXPORT_PATHS.again, noAgain, { storeCode: store.code, id: jobId });
    expect(denied.statusCode).toBe(403);
  });

  it('re-export needs the export button today: an old job does not carry a right since taken away', async () => {
    const leaver = await addStaff([store], ['order:export', 'export:again']);
    const first = await exportReceived(leaver, { storeCode: store.code });
    expect(first.statusCode).toBe(200);
    const [exportRole] = await t.db.select().from(roles).where(eq(roles.permission, 'order:export'));
    await t.db
      .delete(userRoles)
      .where(and(eq(userRoles.userId, leaver.id), eq(userRoles.roleId, exportRole!.id)));
    t.app.authCache.forgetUser(leaver.id);
    const again = await call(t, 'POST', EXPORT_PATHS.again, leaver, {
      storeCode: store.code,
      id: first.body.data.id,
    });
    expect(again.statusCode).toBe(403);
    expect(again.body).toMatchObject({
      errorCode: 'EXPORT_AGAIN_DENIED',
      errorMsg: '您已没有导出「已接订单」的权限，无法重新导出',
    });
    const jobsOfLeaver = await t.db.select().from(exportJobs).where(eq(exportJobs.userId, leaver.id));
    expect(jobsOfLeaver).toHaveLength(1);
  });

  it('keeps another store’s job out of reach: 404 by its own store, 403 for a store not authorised', async () => {
    const viaOwnStore = await download(stranger, other.code, jobId);
    expect(viaOwnStore.statusCode).toBe(404);
    expect(viaOwnStore.json<{ errorMsg: string }>().errorMsg).toBe('导出记录不存在');
    expect((await download(stranger, store.code, jobId)).statusCode).toBe(403);
    const againForeign = await call(t, 'POST', EXPORT_PATHS.again, stranger, {
      storeCode: other.code,
      id: jobId,
    });
    expect(againForeign.statusCode).toBe(404);
    expect((await download(clerk, store.code, 987_654_321)).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await download(clerk, store.code, 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errorMsg: string }>().errorMsg).toBe('导出记录不正确');
  });
});

describe('failed and unfinished jobs', () => {
  it('marks a job that cannot run as failed with a Chinese reason; its download answers 409', async () => {
    const [broken] = await t.db
      .insert(exportJobs)
      .values({
        storeId: store.id,
        userId: clerk.id,
        kind: 'received-orders',
        params: { storeCode: store.code, status: 'lost' },
      })
      .returning({ id: exportJobs.id });
    // Queueing another job wakes the runner, which takes the queue oldest first.
    await finished((await exportReceived(clerk, { storeCode: store.code })).body.data.id);
    const record = await finished(broken!.id);
    expect(record).toMatchObject({ status: 'failed', statusText: '导出失败', error: '导出失败，请重新导出' });
    const response = await download(clerk, store.code, broken!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ errorMsg: string }>().errorMsg).toBe('导出失败，请重新导出');
  });

  it('answers 409 for a job still running', async () => {
    const [running] = await t.db
      .insert(exportJobs)
      .values({
        storeId: store.id,
        userId: clerk.id,
        kind: 'received-orders',
        status: 'running',
        progress: 40,
        finishedAt: t.clock(),
      })
      .returning({ id: exportJobs.id });
    const response = await download(clerk, store.code, running!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ errorMsg: string }>().errorMsg).toBe('文件正在生成，请稍后下载');
    const record = (await records(clerk, store.code)).body.data.list.find((r) => r.id === running!.id);
    expect(record).toMatchObject({ status: 'running', statusText: '导出中', progress: 40, finishedAt: null });
  });
});
