import {
  DICT_PATHS,
  EXPORT_PATHS,
  PROFILE_PATHS,
  SYSTEM_TOOL_PATHS as PATHS,
  type ExportJobCreated,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientErrorReports, exportJobs, serverErrors, userStores } from '../../db/schema.js';
import { adminCalls } from '../../test/admin-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createUser, passwordLogin, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  downloadExport,
  exportRecords,
  finishedExport,
  rowsOf,
  workbookOf,
} from '../exports/exports-test-fixtures.js';
import { addOrderStore, type OrderStore } from '../orders/orders-test-fixtures.js';
import { operationLogExport, serverErrorLogExport } from './log-export.js';

let t: TestApp;
let store: OrderStore;
/** Head office (not the administrator) holding the log export buttons (and dict:add, to make changes worth logging). */
let exporter: { user: TestUser; token: string };

const { send, ok, refused } = adminCalls(
  () => t,
  () => exporter.token,
  '10.44.0.8',
);

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function queue(url: string, filter: Record<string, unknown>, as = exporter.token) {
  return (await ok<ExportJobCreated>('POST', url, filter, as)).id;
}

/** The header and rows of a finished head-office export, after checking its record and file name. */
async function exportedSheet(id: number, kindText: string, token = exporter.token) {
  const record = await finishedExport(t, token, store.code, id);
  expect(record, record.error).toMatchObject({ status: 'done', kindText });
  expect(record.fileName.startsWith(`${kindText}_总部_`), record.fileName).toBe(true);
  expect(record.fileName).toMatch(/_总部_\d{14}\.xlsx$/);
  const file = await downloadExport(t, token, store.code, id);
  expect(file.statusCode).toBe(200);
  const workbook = await workbookOf(file.rawPayload);
  const headers = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  return { headers, rows: rowsOf(workbook) };
}

/** The rows of a finished head-office export, after checking its record and file name. */
async function exportedRows(id: number, kindText: string, token = exporter.token) {
  return (await exportedSheet(id, kindText, token)).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  store = await addOrderStore(t.db);
  const user = await createUser(t.db, {
    roles: ['head_office', 'dict:add', 'log:list', 'log:export', 'loginLog:export', 'errorLog:export'],
  });
  await t.db.insert(userStores).values({ userId: user.id, storeId: store.id });
  exporter = { user, token: await signIn(t.app, user) };
});

afterAll(() => t.close());

describe('操作日志 export', () => {
  it("writes the page's rows for the page's filters, parameters masked as the detail shows them", async () => {
    await ok('POST', DICT_PATHS.types, { code: 'log_export_probe', name: '导出探针 13912345678' });
    const wrong = await send('POST', PROFILE_PATHS.updatePassword, exporter.token, {
      oldPassword: 'Wrong#Pass99',
      newPassword: 'Brand#New2024',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    // A change of three days ago: outside a range starting today.
    await t.db.insert(auditLog).values({
      action: 'dict.type.create',
      userId: exporter.user.id,
      target: 'old-row',
      ip: '10.44.0.8',
      createdAt: new Date(Date.now() - 3 * 86_400_000),
    });

    const changes = await exportedRows(
      await queue(PATHS.logExport, {
        user: exporter.user.username,
        action: 'dict.',
        result: 'ok',
        dateFrom: today(),
      }),
      '操作日志',
    );
    expect(changes).toHaveLength(1);
    const [row] = changes;
    expect(row).toMatchObject({
      账号: exporter.user.username,
      操作: 'dict.type.create',
      结果: '成功',
      IP: '10.44.0.8',
      请求: `POST ${DICT_PATHS.types}`,
    });
    const params = String(row!['请求参数（密钥已遮盖）']);
    // `code` is a secret's name to the audit writer; a mobile number in any text is masked.
    expect(JSON.parse(params)).toMatchObject({
      query: {},
      body: { code: '***', name: '导出探针 139****5678' },
    });
    expect(params).not.toMatch(/log_export_probe|13912345678/);
    expect(JSON.stringify(row)).not.toContain('13912345678');
    expect(JSON.parse(String(row!['修改后']))).toMatchObject({ code: '***' });
    expect(String(row!['时间'])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // The refused password change, once its row is written (after the answer).
    let refusedRows: Record<string, unknown>[] = [];
    for (let i = 0; i < 40 && refusedRows.length === 0; i += 1) {
      refusedRows = await exportedRows(
        await queue(PATHS.logExport, { user: exporter.user.username, result: 'fail' }),
        '操作日志',
      );
    }
    expect(refusedRows).toHaveLength(1);
    expect(refusedRows[0]).toMatchObject({ 结果: '失败', 请求: `POST ${PROFILE_PATHS.updatePassword}` });
    expect(JSON.stringify(refusedRows)).not.toMatch(/Wrong#Pass99|Brand#New2024/);

    // Without a date the old row is there too; the export itself is an audited event.
    const all = await exportedRows(
      await queue(PATHS.logExport, { user: exporter.user.username, action: 'dict.' }),
      '操作日志',
    );
    expect(all.map((r) => r['对象'])).toContain('old-row');
    const audited = await expectAuditedChange(t.db, 'log.export', exporter.user.id);
    expect(audited).toMatchObject({
      target: 'operation-logs',
      after: { filter: { user: exporter.user.username, action: 'dict.' } },
    });
  });

  it('reads every row once across pages, rows of one instant included', async () => {
    const user = await createUser(t.db, {});
    const at = new Date('2026-03-01T02:00:00.000Z');
    await t.db.insert(auditLog).values(
      Array.from({ length: 7 }, (_, i) => ({
        action: 'probe.page',
        userId: user.id,
        target: `page-${i}`,
        createdAt: i < 5 ? at : new Date(at.getTime() - i * 1000),
      })),
    );
    const source = operationLogExport(t.db, { user: user.username });
    expect(await source.countUpTo(100)).toBe(7);
    expect(await source.countUpTo(3)).toBe(3);
    const seen: string[] = [];
    for await (const page of source.pages(2)) seen.push(...page.map((r) => r.target));
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(5)).toEqual(['page-5', 'page-6']);
  });

  it('is listed and downloaded by its asker only', async () => {
    const id = await queue(PATHS.logExport, { action: 'dict.' });
    await finishedExport(t, exporter.token, store.code, id);
    const other = await createUser(t.db, { roles: ['head_office', 'log:export'] });
    await t.db.insert(userStores).values({ userId: other.id, storeId: store.id });
    const otherToken = await signIn(t.app, other);
    expect((await exportRecords(t, otherToken, store.code)).map((r) => r.id)).not.toContain(id);
    expect((await downloadExport(t, otherToken, store.code, id)).statusCode).toBe(404);
  });
});

describe('登录日志 export', () => {
  it('writes sign-ins for the filters, with the reason and IP', async () => {
    const user = await createUser(t.db, {});
    await passwordLogin(t.app, { username: user.username, password: 'Not#Right123' }, '10.1.2.3');
    const rows = await exportedRows(
      await queue(PATHS.loginLogExport, { keyword: user.username, result: 'fail', dateFrom: today() }),
      '登录日志',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 账号: user.username, 结果: '失败', 原因: '密码错误', IP: '10.1.2.3' });
    const none = await exportedRows(
      await queue(PATHS.loginLogExport, { keyword: user.username, result: 'ok' }),
      '登录日志',
    );
    expect(none).toEqual([]);
  });
});

describe('异常日志 export', () => {
  const threeDaysAgo = () => new Date(Date.now() - 3 * 86_400_000);
  /** The administrator, who sees stacks on the page, linked to the store for 导出记录. */
  async function administrator() {
    const user = await createUser(t.db, { roles: ['admin', 'errorLog:export'] });
    await t.db.insert(userStores).values({ userId: user.id, storeId: store.id });
    return { user, token: await signIn(t.app, user) };
  }

  it("writes the page's server errors for the filters; the stack only in the administrator's file", async () => {
    await t.db.insert(serverErrors).values([
      {
        requestId: 'req-export-1',
        method: 'POST',
        path: '/api/export-probe',
        status: 500,
        message: 'export boom',
        stack: 'Error: export boom\n    at hidden-internals.ts:12',
        userId: exporter.user.id,
        ip: '10.9.9.9',
      },
      // Matches the keyword, but three days old: outside a range starting today.
      {
        requestId: 'req-export-old',
        method: 'GET',
        path: '/api/export-probe',
        status: 500,
        message: 'old boom',
        stack: 'Error: old',
        createdAt: threeDaysAgo(),
      },
      { requestId: 'req-other', method: 'GET', path: '/api/else', status: 500, message: 'other', stack: '' },
    ]);
    const filter = { keyword: 'export-probe', dateFrom: today() };

    const asHeadOffice = await exportedSheet(await queue(PATHS.errorLogExport, filter), '异常日志（服务端）');
    expect(asHeadOffice.headers).toEqual(['时间', '请求编号', '请求', '信息', '用户', 'IP']);
    expect(asHeadOffice.rows).toHaveLength(1);
    expect(asHeadOffice.rows[0]).toMatchObject({
      请求编号: 'req-export-1',
      请求: 'POST /api/export-probe',
      信息: 'export boom',
      用户: expect.stringMatching(/^测试用户/),
      IP: '10.9.9.9',
    });
    expect(String(asHeadOffice.rows[0]!['时间'])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(asHeadOffice.rows)).not.toContain('hidden-internals');
    const audited = await expectAuditedChange(t.db, 'log.export', exporter.user.id);
    expect(audited).toMatchObject({ target: 'error-logs', after: { filter } });

    const admin = await administrator();
    const asAdmin = await exportedSheet(
      await queue(PATHS.errorLogExport, { keyword: 'export-probe' }, admin.token),
      '异常日志（服务端）',
      admin.token,
    );
    expect(asAdmin.headers).toEqual(['时间', '请求编号', '请求', '信息', '堆栈', '用户', 'IP']);
    expect(asAdmin.rows.map((r) => r['请求编号'])).toEqual(['req-export-1', 'req-export-old']);
    expect(String(asAdmin.rows[0]!['堆栈'])).toContain('hidden-internals.ts:12');
  });

  it("writes the browsers' reports for the filters; the stack only in the administrator's file", async () => {
    await t.db.insert(clientErrorReports).values([
      {
        kind: 'error',
        message: 'TypeError: export probe',
        stack: 'at bundle-secret.js:1:2',
        pageUrl: '/orders/export-probe',
        storeCode: store.code,
        release: '1.2.3',
        userId: exporter.user.id,
      },
      { kind: 'error', message: 'export probe of old', pageUrl: '/x', createdAt: threeDaysAgo() },
    ]);
    const filter = { keyword: 'export probe', dateFrom: today() };
    const asHeadOffice = await exportedSheet(
      await queue(PATHS.clientErrorLogExport, filter),
      '异常日志（浏览器）',
    );
    expect(asHeadOffice.headers).toEqual(['时间', '类型', '信息', '页面', '用户', '门店', '版本']);
    expect(asHeadOffice.rows).toHaveLength(1);
    expect(asHeadOffice.rows[0]).toMatchObject({
      类型: 'error',
      信息: 'TypeError: export probe',
      页面: '/orders/export-probe',
      用户: expect.stringMatching(/^测试用户/),
      门店: store.code,
      版本: '1.2.3',
    });
    expect(JSON.stringify(asHeadOffice.rows)).not.toContain('bundle-secret');
    const audited = await expectAuditedChange(t.db, 'log.export', exporter.user.id);
    expect(audited).toMatchObject({ target: 'client-error-logs', after: { filter } });

    const admin = await administrator();
    const asAdmin = await exportedSheet(
      await queue(PATHS.clientErrorLogExport, filter, admin.token),
      '异常日志（浏览器）',
      admin.token,
    );
    expect(asAdmin.headers).toContain('堆栈');
    expect(asAdmin.rows[0]!['堆栈']).toBe('at bundle-secret.js:1:2');
  });

  it('reads every server error once across pages, errors of one instant included', async () => {
    const at = new Date('2026-03-02T02:00:00.000Z');
    await t.db.insert(serverErrors).values(
      Array.from({ length: 5 }, (_, i) => ({
        requestId: `req-paging-${i}`,
        method: 'GET',
        path: '/api/paging-probe',
        status: 500,
        message: 'paging',
        createdAt: i < 3 ? at : new Date(at.getTime() - i * 1000),
      })),
    );
    const source = serverErrorLogExport(t.db, { withStack: false, filter: { keyword: 'paging-probe' } });
    expect(await source.countUpTo(100)).toBe(5);
    expect(await source.countUpTo(2)).toBe(2);
    const seen: string[] = [];
    for await (const page of source.pages(2)) seen.push(...page.map((r) => r.requestId));
    expect(new Set(seen).size).toBe(5);
    expect(seen).toHaveLength(5);
    expect(seen.slice(3)).toEqual(['req-paging-3', 'req-paging-4']);
  });

  it("重新导出 decides the stack from the asker's roles today and is audited like the first", async () => {
    const user = await createUser(t.db, { roles: ['head_office', 'errorLog:export', 'export:again'] });
    await t.db.insert(userStores).values({ userId: user.id, storeId: store.id });
    const token = await signIn(t.app, user);
    const first = await queue(PATHS.errorLogExport, { keyword: 'export-probe' }, token);
    await finishedExport(t, token, store.code, first);
    // As if the job had been queued while this user was the administrator.
    const [job] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, first));
    await t.db
      .update(exportJobs)
      .set({ params: { ...(job!.params as object), withStack: true } })
      .where(eq(exportJobs.id, first));

    const again = await ok<ExportJobCreated>(
      'POST',
      EXPORT_PATHS.again,
      { storeCode: store.code, id: first },
      token,
    );
    const sheet = await exportedSheet(again.id, '异常日志（服务端）', token);
    expect(sheet.headers).not.toContain('堆栈');
    const audited = await expectAuditedChange(t.db, 'log.export', user.id);
    expect(audited).toMatchObject({ target: 'error-logs', after: { exportId: again.id } });
  });

  it('is listed and downloaded by its asker only', async () => {
    const id = await queue(PATHS.errorLogExport, { keyword: 'export-probe' });
    await finishedExport(t, exporter.token, store.code, id);
    const other = await createUser(t.db, { roles: ['head_office', 'errorLog:export'] });
    await t.db.insert(userStores).values({ userId: other.id, storeId: store.id });
    const otherToken = await signIn(t.app, other);
    expect((await exportRecords(t, otherToken, store.code)).map((r) => r.id)).not.toContain(id);
    expect((await downloadExport(t, otherToken, store.code, id)).statusCode).toBe(404);
  });
});

describe('access and bad input', () => {
  it('answers 401 without a session, 403 to store staff and to head office without the button', async () => {
    const clerk = await signIn(
      t.app,
      await createUser(t.db, { roles: ['store_staff', 'log:export', 'loginLog:export', 'errorLog:export'] }),
    );
    const reader = await signIn(
      t.app,
      await createUser(t.db, { roles: ['head_office', 'log:list', 'loginLog:list', 'errorLog:list'] }),
    );
    for (const url of [
      PATHS.logExport,
      PATHS.loginLogExport,
      PATHS.errorLogExport,
      PATHS.clientErrorLogExport,
    ]) {
      expect((await send('POST', url, null, {})).statusCode, url).toBe(401);
      expect((await send('POST', url, clerk, {})).statusCode, url).toBe(403);
      expect((await send('POST', url, reader, {})).statusCode, url).toBe(403);
    }
  });

  it('refuses a bad filter with a Chinese 400 naming it', async () => {
    await refused('POST', PATHS.logExport, { result: 'maybe' }, 400, /结果/);
    await refused('POST', PATHS.logExport, { action: 'drop table;' }, 400, /操作类型/);
    await refused('POST', PATHS.loginLogExport, { dateFrom: '2026-02-30' }, 400, /日期/);
    await refused('POST', PATHS.errorLogExport, { dateTo: 'yesterday' }, 400, /日期/);
    await refused('POST', PATHS.clientErrorLogExport, { keyword: 'x'.repeat(51) }, 400, /50/);
  });
});
