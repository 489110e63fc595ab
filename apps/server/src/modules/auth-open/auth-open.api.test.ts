import {
  AUTH_OPEN_PATHS,
  STORE_PATHS,
  USER_ADMIN_PATHS,
  type AuthOpenRecord,
  type ShopGroupPage,
} from '@console/contract';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  authOpenRecords,
  menus,
  roleMenus,
  roles,
  roleShopGroups,
  shopGroups,
  stores,
  userRoles,
  users,
  userStores,
} from '../../db/schema.js';
import { bearer, createUser, ensureRole, nextPhone, signIn, type TestUser } from '../../test/fixtures.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let headOffice: TestUser;
let admin: TestUser;
let clerk: TestUser;
let other: TestUser;
let hoToken: string;
let adminToken: string;
let clerkToken: string;
let otherToken: string;
let clerkWorkCode: string;
let managerRoleId: number;
const storeIds: Record<string, number> = {};

const CHINESE = /[\u4e00-\u9fa5]/;

const post = (url: string, token: string | null, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----authopen' + Math.random().toString(16).slice(2);
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

const upload = (token: string | null, filename: string, bytes: Buffer) => {
  const form = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: AUTH_OPEN_PATHS.batchImport,
    headers: { ...(token ? bearer(token) : {}), 'content-type': form.contentType },
    payload: form.body,
  });
};

async function downloadTemplate(): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: AUTH_OPEN_PATHS.importTemplate,
    headers: bearer(hoToken),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** The downloaded template with `rows` typed under the header (the sample row left in place). */
async function filledTemplate(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await downloadTemplate()) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('用户信息')!;
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const countRecords = () => t.db.$count(authOpenRecords);
const countUsers = () => t.db.$count(users);

let sequence = 0;
const workCode = () => `IMP${Date.now() % 100000}${++sequence}`;

beforeAll(async () => {
  t = await createTestApp();
  await ensureRole(t.db, 'admin', { cloudPlatform: false, name: '系统管理员' });
  await ensureRole(t.db, 'head_office', { name: '总部运营' });
  // As seeded: head office manages every store (the last describe narrows it to test a limited scope).
  await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.permission, 'head_office'));
  await ensureRole(t.db, 'store_staff', { name: '门店店员' });
  managerRoleId = (await ensureRole(t.db, 'store_manager', { name: '店长' })).id;
  const [group] = await t.db
    .insert(shopGroups)
    .values({ frontTitle: '华北一区' })
    .returning({ id: shopGroups.id });
  for (const code of ['AO01', 'AO02', 'AO03', 'AO04']) {
    const [row] = await t.db
      .insert(stores)
      .values({
        shopCode: code,
        shopName: `${code}店`,
        businessScopeName: `北京${code}店`,
        shopGroupId: group!.id,
      })
      .returning({ id: stores.id });
    storeIds[code] = row!.id;
  }
  headOffice = await createUser(t.db, { roles: ['head_office'] });
  admin = await createUser(t.db, { roles: ['admin'] });
  clerk = await createUser(t.db, { roles: ['store_staff'] });
  other = await createUser(t.db, { roles: ['store_staff'] });
  await t.db.insert(userStores).values({ userId: clerk.id, storeId: storeIds.AO01! });
  const [row] = await t.db.select({ workCode: users.workCode }).from(users).where(eq(users.id, clerk.id));
  clerkWorkCode = row!.workCode;
  [hoToken, adminToken, clerkToken, otherToken] = (await Promise.all(
    [headOffice, admin, clerk, other].map((u) => signIn(t.app, u)),
  )) as [string, string, string, string];
});

afterAll(() => t.close());

describe('authorisation is checked on every route', () => {
  const bodies: Record<string, unknown> = {
    [AUTH_OPEN_PATHS.queryByUser]: {},
    [AUTH_OPEN_PATHS.confirmOrRefuse]: { id: 1, action: 'confirm' },
    [AUTH_OPEN_PATHS.checkUserInfo]: { phone: '13800000000' },
    [AUTH_OPEN_PATHS.confirmOpen]: { userId: 1, storeCodes: ['AO01'] },
  };

  it('answers 401 to an anonymous caller', async () => {
    for (const [url, body] of Object.entries(bodies)) {
      const response = await post(url, null, body);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect((await upload(null, 'a.xlsx', Buffer.from('PK\x03\x04xx'))).statusCode).toBe(401);
    const template = await t.app.inject({ method: 'GET', url: AUTH_OPEN_PATHS.importTemplate });
    expect(template.statusCode).toBe(401);
  });

  it('answers 403 to staff on the head-office routes', async () => {
    const calls = [
      post(AUTH_OPEN_PATHS.checkUserInfo, clerkToken, { workCode: clerkWorkCode }),
      post(AUTH_OPEN_PATHS.confirmOpen, clerkToken, { userId: clerk.id, storeCodes: ['AO02'] }),
      upload(clerkToken, 'a.xlsx', await filledTemplate([])),
      t.app.inject({ method: 'GET', url: AUTH_OPEN_PATHS.importTemplate, headers: bearer(clerkToken) }),
      post(AUTH_OPEN_PATHS.queryByUser, clerkToken, { userId: other.id }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect(await countRecords()).toBe(0);
  });
});

describe('bad input answers 4xx with a Chinese message', () => {
  const cases: [string, unknown, string][] = [
    [AUTH_OPEN_PATHS.queryByUser, { pageSize: 500 }, '每页条数不能超过50'],
    [AUTH_OPEN_PATHS.queryByUser, { status: 'maybe' }, '授权状态不正确'],
    [AUTH_OPEN_PATHS.confirmOrRefuse, { id: 1, action: 'maybe' }, '请选择确认或拒绝'],
    [AUTH_OPEN_PATHS.confirmOrRefuse, { id: -1, action: 'confirm' }, '授权记录编号不正确'],
    [AUTH_OPEN_PATHS.checkUserInfo, {}, '请输入工号或手机号（二选一）'],
    [AUTH_OPEN_PATHS.checkUserInfo, { phone: '12345' }, '手机号格式不正确'],
    [AUTH_OPEN_PATHS.checkUserInfo, { workCode: '工号!' }, '工号格式不正确'],
    [AUTH_OPEN_PATHS.confirmOpen, { userId: 1, storeCodes: [] }, '请选择门店'],
    [AUTH_OPEN_PATHS.confirmOpen, { userId: 1, storeCodes: ['bad code'] }, '门店编号格式不正确'],
    [AUTH_OPEN_PATHS.confirmOpen, { userId: 'x', storeCodes: ['AO01'] }, '用户编号不正确'],
  ];
  it.each(cases)('%s %j', async (url, body, message) => {
    const response = await post(url, hoToken, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe(message);
  });

  it('names unknown users, stores, roles and records', async () => {
    const unknownUser = await post(AUTH_OPEN_PATHS.checkUserInfo, hoToken, { workCode: 'NOBODY' });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().errorMsg).toContain('用户不存在');
    const unknownStore = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: clerk.id,
      storeCodes: ['AO02', 'ZZ99'],
    });
    expect(unknownStore.statusCode).toBe(400);
    expect(unknownStore.json().errorMsg).toBe('门店编号不存在：ZZ99');
    const adminRole = await ensureRole(t.db, 'admin');
    const superRole = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: clerk.id,
      storeCodes: ['AO02'],
      roleId: adminRole.id,
    });
    expect(superRole.statusCode).toBe(400);
    expect(superRole.json().errorMsg).toContain('角色不存在');
    const noRecord = await post(AUTH_OPEN_PATHS.confirmOrRefuse, clerkToken, {
      id: 999999,
      action: 'confirm',
    });
    expect(noRecord.statusCode).toBe(404);
    expect(await countRecords()).toBe(0);
  });

  it('refuses uploads that are not .xlsx, empty, too large or not multipart', async () => {
    const named = await upload(hoToken, 'users.csv', Buffer.from('工号,姓名\n'));
    expect(named.statusCode).toBe(400);
    expect(named.json().errorMsg).toContain('.xlsx');
    const disguised = await upload(hoToken, 'users.xlsx', Buffer.from('not a zip at all'));
    expect(disguised.statusCode).toBe(400);
    const broken = await upload(hoToken, 'users.xlsx', Buffer.from('PK\x03\x04 truncated zip'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorMsg).toContain('文件无法读取');
    const big = await upload(hoToken, 'users.xlsx', Buffer.alloc(2 * 1024 * 1024 + 10, 0x50));
    expect(big.statusCode).toBe(413);
    expect(big.json().errorMsg).toBe('导入文件不能超过2MB');
    const json = await post(AUTH_OPEN_PATHS.batchImport, hoToken, {});
    expect(json.statusCode).toBe(415);
    const empty = await upload(hoToken, 'users.xlsx', await filledTemplate([]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMsg).toBe('文件中没有要导入的数据');
  });

  it('refuses a sheet whose header is not the template’s', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['编号', '名字']);
    const response = await upload(hoToken, 'x.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toContain('表头缺少：工号');
  });
});

describe('opening stores and deciding', () => {
  let opened: AuthOpenRecord[];

  it('looks a user up by work code or phone without secrets', async () => {
    const byCode = await post(AUTH_OPEN_PATHS.checkUserInfo, hoToken, { workCode: clerkWorkCode });
    expect(byCode.statusCode).toBe(200);
    const info = byCode.json().data;
    expect(info).toMatchObject({
      userId: clerk.id,
      enabled: true,
      stores: [{ shopCode: 'AO01' }],
      pending: [],
    });
    expect(info.roles.map((r: { permission: string }) => r.permission)).toEqual(['store_staff']);
    expect(byCode.body).not.toMatch(/passwordHash|argon2/);
    const byPhone = await post(AUTH_OPEN_PATHS.checkUserInfo, adminToken, { phone: clerk.phone });
    expect(byPhone.json().data.userId).toBe(clerk.id);
  });

  it('opens stores as pending records, reporting authorised and pending ones', async () => {
    const response = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: clerk.id,
      storeCodes: ['AO01', 'AO02', 'AO03'],
      roleId: managerRoleId,
      remark: '新店支援',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.alreadyAuthorised).toEqual(['AO01']);
    expect(data.alreadyPending).toEqual([]);
    opened = data.created;
    expect(opened.map((r: AuthOpenRecord) => [r.shopCode, r.status, r.roleName])).toEqual([
      ['AO02', 'pending', '店长'],
      ['AO03', 'pending', '店长'],
    ]);
    const again = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: clerk.id,
      storeCodes: ['AO02'],
    });
    expect(again.json().data).toMatchObject({ created: [], alreadyPending: ['AO02'] });
    expect(await countRecords()).toBe(2);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth-open.open'));
    expect(audit?.userId).toBe(headOffice.id);
    const opening = await expectAuditedChange(t.db, 'auth-open.open', headOffice.id);
    expect(opening).toMatchObject({
      target: clerkWorkCode,
      before: { authorised: [], pending: ['AO02'] },
      after: { authorised: [], pending: ['AO02'] },
    });
    const [first] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth-open.open'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(first!.detail).toMatchObject({
      userId: clerk.id,
      roleId: managerRoleId,
      before: { authorised: ['AO01'], pending: [] },
      after: { authorised: ['AO01'], pending: ['AO02', 'AO03'] },
    });
    const info = await post(AUTH_OPEN_PATHS.checkUserInfo, hoToken, { workCode: clerkWorkCode });
    expect(info.json().data.pending).toHaveLength(2);
  });

  it('lists the caller’s own records, pending first, paged', async () => {
    const own = await post(AUTH_OPEN_PATHS.queryByUser, clerkToken, { pageNum: 1, pageSize: 1 });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.total).toBe(2);
    expect(own.json().data.list).toHaveLength(1);
    const none = await post(AUTH_OPEN_PATHS.queryByUser, otherToken, {});
    expect(none.json().data).toEqual({ list: [], total: 0 });
    const asHeadOffice = await post(AUTH_OPEN_PATHS.queryByUser, hoToken, { userId: clerk.id });
    expect(asHeadOffice.json().data.total).toBe(2);
  });

  it('lets nobody but the owner decide a record', async () => {
    const foreign = await post(AUTH_OPEN_PATHS.confirmOrRefuse, otherToken, {
      id: opened[0]!.id,
      action: 'confirm',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().errorMsg).toBe('只能处理本人的授权记录');
    const byHeadOffice = await post(AUTH_OPEN_PATHS.confirmOrRefuse, hoToken, {
      id: opened[0]!.id,
      action: 'confirm',
    });
    expect(byHeadOffice.statusCode).toBe(403);
  });

  it('confirm grants the store and role; refuse grants nothing; a decided record is 409', async () => {
    const confirm = await post(AUTH_OPEN_PATHS.confirmOrRefuse, clerkToken, {
      id: opened[0]!.id,
      action: 'confirm',
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data).toMatchObject({ status: 'confirmed', shopCode: 'AO02' });
    expect(confirm.json().data.decidedAt).not.toBeNull();
    const refuse = await post(AUTH_OPEN_PATHS.confirmOrRefuse, clerkToken, {
      id: opened[1]!.id,
      action: 'refuse',
    });
    expect(refuse.json().data.status).toBe('refused');
    expect(await expectAuditedChange(t.db, 'auth-open.confirm', clerk.id)).toMatchObject({
      target: String(opened[0]!.id),
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    expect(await expectAuditedChange(t.db, 'auth-open.refuse', clerk.id)).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'refused' },
    });

    const shops = await post(STORE_PATHS.shopGroups, clerkToken, { pageSize: 50 });
    const codes = shops
      .json<{ data: ShopGroupPage }>()
      .data.list.flatMap((g) => g.shopList.map((s) => s.addressId))
      .sort();
    expect(codes).toEqual(['AO01', 'AO02']);
    const roleRows = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, clerk.id), eq(userRoles.roleId, managerRoleId)));
    expect(roleRows).toHaveLength(1);

    const twice = await post(AUTH_OPEN_PATHS.confirmOrRefuse, clerkToken, {
      id: opened[1]!.id,
      action: 'confirm',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorMsg).toContain('已处理');
    const status = await post(AUTH_OPEN_PATHS.queryByUser, clerkToken, { status: 'refused' });
    expect(status.json().data.list.map((r: AuthOpenRecord) => r.shopCode)).toEqual(['AO03']);
  });
});

describe('no self-approval and no escalation', () => {
  const groupsOf = async (token: string) =>
    (await post(STORE_PATHS.shopGroups, token, { pageSize: 50 }))
      .json<{ data: ShopGroupPage }>()
      .data.list.flatMap((g) => g.shopList.map((s) => s.addressId));

  it('holds an opening for oneself until another head-office person confirms it', async () => {
    const secondApprover = await createUser(t.db, { roles: ['head_office'] });
    const secondToken = await signIn(t.app, secondApprover);
    const opened = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: headOffice.id,
      storeCodes: ['AO04'],
    });
    expect(opened.statusCode).toBe(200);
    const record = opened.json().data.created[0] as AuthOpenRecord;

    const selfConfirm = await post(AUTH_OPEN_PATHS.confirmOrRefuse, hoToken, {
      id: record.id,
      action: 'confirm',
    });
    expect(selfConfirm.statusCode).toBe(403);
    expect(selfConfirm.json()).toMatchObject({
      errorCode: 'SECOND_APPROVER_REQUIRED',
      errorMsg: '为本人开通的门店权限需由另一位总部人员确认',
    });
    const byStaff = await post(AUTH_OPEN_PATHS.confirmOrRefuse, clerkToken, {
      id: record.id,
      action: 'confirm',
    });
    expect(byStaff.statusCode).toBe(403);
    expect(await groupsOf(hoToken)).not.toContain('AO04');

    const confirmed = await post(AUTH_OPEN_PATHS.confirmOrRefuse, secondToken, {
      id: record.id,
      action: 'confirm',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.status).toBe('confirmed');
    expect(await groupsOf(hoToken)).toContain('AO04');
  });

  it('lets head office hand out no head-office or admin role, and nothing half-saved', async () => {
    const headOfficeRole = await ensureRole(t.db, 'head_office');
    const before = await countRecords();
    const refused = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: other.id,
      storeCodes: ['AO01'],
      roleId: headOfficeRole.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'ROLE_NOT_GRANTABLE',
      errorMsg: '不能授予超出本人权限的角色，请联系系统管理员',
    });
    expect(await countRecords()).toBe(before);

    const byAdmin = await post(AUTH_OPEN_PATHS.confirmOpen, adminToken, {
      userId: other.id,
      storeCodes: ['AO01'],
      roleId: headOfficeRole.id,
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('lets nobody grant a role with a menu they do not hold', async () => {
    const [menu] = await t.db
      .insert(menus)
      .values({ type: 1, title: '系统工具', path: 'tools' })
      .returning({ id: menus.id });
    const toolsRole = await ensureRole(t.db, 'tools_operator', { name: '工具管理员' });
    await t.db.insert(roleMenus).values({ roleId: toolsRole.id, menuId: menu!.id });
    const refused = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: other.id,
      storeCodes: ['AO02'],
      roleId: toolsRole.id,
    });
    expect(refused.json().errorCode).toBe('ROLE_NOT_GRANTABLE');

    const headOfficeRole = await ensureRole(t.db, 'head_office');
    await t.db.insert(roleMenus).values({ roleId: headOfficeRole.id, menuId: menu!.id });
    const granted = await post(AUTH_OPEN_PATHS.confirmOpen, hoToken, {
      userId: other.id,
      storeCodes: ['AO02'],
      roleId: toolsRole.id,
    });
    expect(granted.statusCode).toBe(200);
  });
});

describe('batch import', () => {
  it('serves the template with a Chinese file name, a sample row and instructions', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: AUTH_OPEN_PATHS.importTemplate,
      headers: bearer(adminToken),
    });
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('门店权限开通导入模板.xlsx')}`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['用户信息', '填写说明']);
    expect(workbook.getWorksheet('用户信息')!.getRow(1).values).toEqual([
      undefined,
      '工号',
      '姓名',
      '手机号',
      '门店编号',
      '角色',
    ]);
    expect(String(workbook.getWorksheet('用户信息')!.getCell('A2').value)).toMatch(/^示例/);
  });

  it('writes nothing when one row is bad and lists every row error', async () => {
    const [recordsBefore, usersBefore] = [await countRecords(), await countUsers()];
    const file = await filledTemplate([
      [workCode(), '李四', nextPhone(), 'AO01、AO04', '门店店员'],
      [workCode(), '王五', '12345', 'AO01', ''],
      [workCode(), '', nextPhone(), 'ZZ99', '保安'],
    ]);
    const response = await upload(hoToken, '导入.xlsx', file);
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.errorMsg).toBe('第4行：手机号格式不正确（共4处错误）');
    expect(body.data.errorCount).toBe(4);
    expect(body.data.errors).toEqual([
      { row: 4, field: 'phone', message: '手机号格式不正确' },
      { row: 5, field: 'name', message: '请填写姓名' },
      { row: 5, field: 'storeCodes', message: '门店编号不存在：ZZ99' },
      { row: 5, field: 'role', message: '角色不存在：保安' },
    ]);
    expect(await countRecords()).toBe(recordsBefore);
    expect(await countUsers()).toBe(usersBefore);
  });

  it('rejects duplicates inside the file and phones of other users', async () => {
    const code = workCode();
    const phone = nextPhone();
    const file = await filledTemplate([
      [code, '赵六', phone, 'AO01', ''],
      [code, '赵六', nextPhone(), 'AO02', ''],
      [workCode(), '钱七', phone, 'AO02', ''],
      [workCode(), '孙八', other.phone, 'AO02', ''],
      [clerkWorkCode, '张三', nextPhone(), 'AO02', ''],
    ]);
    const response = await upload(hoToken, 'dup.xlsx', file);
    expect(response.statusCode).toBe(422);
    const messages = response
      .json()
      .data.errors.map((e: { row: number; message: string }) => `${e.row}:${e.message}`);
    expect(messages).toEqual([
      '4:工号与第3行重复',
      '5:手机号与第3行重复',
      expect.stringMatching(/^6:手机号已被工号.+使用$/),
      '7:该工号在系统中登记的手机号与文件不一致',
    ]);
  });

  it('imports a filled template in one go: new users, existing users, one batch', async () => {
    const [recordsBefore, usersBefore] = [await countRecords(), await countUsers()];
    const newCode = workCode();
    const newPhone = nextPhone();
    const file = await filledTemplate([
      [newCode, '周九', Number(newPhone), 'AO01,AO02', '店长'],
      [clerkWorkCode, '张三', clerk.phone, 'AO01、AO04', ''],
    ]);
    const response = await upload(hoToken, '门店权限.xlsx', file);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result).toMatchObject({
      rowCount: 2,
      usersCreated: 1,
      recordsCreated: 3,
      alreadyAuthorised: 1,
      alreadyPending: 0,
    });
    expect(await countUsers()).toBe(usersBefore + 1);
    expect(await countRecords()).toBe(recordsBefore + 3);
    const batch = await t.db
      .select()
      .from(authOpenRecords)
      .where(eq(authOpenRecords.batchId, result.batchId));
    expect(batch).toHaveLength(3);
    const [created] = await t.db.select().from(users).where(eq(users.workCode, newCode));
    expect(created).toMatchObject({
      phone: newPhone,
      nickName: '周九',
      mustChangePassword: true,
      enabled: true,
    });
    expect(created!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await expectAuditedChange(t.db, 'auth-open.import', headOffice.id)).toMatchObject({
      target: result.batchId,
      before: null,
      after: { usersCreated: 1, recordsCreated: 3 },
    });

    const again = await upload(hoToken, '门店权限.xlsx', file);
    expect(again.json().data).toMatchObject({ usersCreated: 0, recordsCreated: 0, alreadyPending: 3 });
  });

  it('caps the number of rows', async () => {
    const rows = Array.from({ length: 2001 }, (_, i) => [`CAP${i}`, '员工', '13800000000', 'AO01', '']);
    const response = await upload(hoToken, 'many.xlsx', await filledTemplate(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toContain('每次最多导入2000行');
  });
});

describe('data scope', () => {
  // 华南一区's stores AO11 and AO12; a head-office user whose scope is that group only (docs/domain/roles.md).
  let regionalToken: string;

  beforeAll(async () => {
    const [south] = await t.db
      .insert(shopGroups)
      .values({ frontTitle: '华南一区' })
      .returning({ id: shopGroups.id });
    for (const code of ['AO11', 'AO12']) {
      const [row] = await t.db
        .insert(stores)
        .values({ shopCode: code, shopName: `${code}店`, businessScopeName: code, shopGroupId: south!.id })
        .returning({ id: stores.id });
      storeIds[code] = row!.id;
    }
    await t.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
    const region = await ensureRole(t.db, 'south_ops', { name: '华南运营' });
    await t.db.update(roles).set({ dataScope: 'groups' }).where(eq(roles.id, region.id));
    await t.db.insert(roleShopGroups).values({ roleId: region.id, shopGroupId: south!.id });
    regionalToken = await signIn(t.app, await createUser(t.db, { roles: ['head_office', 'south_ops'] }));
  });

  it('opens only stores in the caller’s scope: 403 naming the others, nothing opened', async () => {
    const before = await countRecords();
    const refused = await post(AUTH_OPEN_PATHS.confirmOpen, regionalToken, {
      userId: other.id,
      storeCodes: ['AO11', 'AO03', 'AO02'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'STORE_NOT_GRANTABLE',
      errorMsg: '不能开通本人数据权限以外的门店：AO02、AO03',
    });
    expect(await countRecords()).toBe(before);
    const opened = await post(AUTH_OPEN_PATHS.confirmOpen, regionalToken, {
      userId: other.id,
      storeCodes: ['AO11'],
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.created.map((r: AuthOpenRecord) => r.shopCode)).toEqual(['AO11']);
  });

  it('imports nothing when a row names a store outside the scope', async () => {
    const [recordsBefore, usersBefore] = [await countRecords(), await countUsers()];
    const file = await filledTemplate([[workCode(), '吴十', nextPhone(), 'AO12、AO01', '']]);
    const response = await upload(regionalToken, '门店权限.xlsx', file);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorMsg).toBe('不能开通本人数据权限以外的门店：AO01');
    expect([await countRecords(), await countUsers()]).toEqual([recordsBefore, usersBefore]);
  });

  it('suggests only the stores in scope', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${USER_ADMIN_PATHS.storeOptions}?keyword=AO`,
      headers: bearer(regionalToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((s: { shopCode: string }) => s.shopCode)).toEqual(['AO11', 'AO12']);
  });
});
