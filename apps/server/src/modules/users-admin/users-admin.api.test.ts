import {
  AUTH_PATHS,
  ORDER_PATHS,
  PROFILE_PATHS,
  USER_ADMIN_PATHS,
  type OneTimePassword,
  type UserDetail,
  type UserPage,
} from '@console/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBaseData } from '../../db/seed/index.js';
import { auditLog, departments, roles, shopGroups, stores, userStores, users } from '../../db/schema.js';
import {
  bearer,
  createUser,
  ensureRole,
  nextPhone,
  passwordLogin,
  setEnabled,
  signIn,
  type TestUser,
} from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const CHINESE = /[\u4e00-\u9fa5]/;

let t: TestApp;
let admin: TestUser;
let headOffice: TestUser;
let clerk: TestUser;
let adminToken: string;
let hoToken: string;
let clerkToken: string;
const roleId: Record<string, number> = {};
const storeId: Record<string, number> = {};
const deptId: Record<string, number> = {};

const post = (url: string, token: string | null, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

let sequence = 0;
/** A valid new user's body: fresh account, work code and phone. */
function newUser(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    username: `ua${Date.now() % 100000}_${sequence}`,
    nickName: `新同事${sequence}`,
    workCode: `UA${Date.now() % 100000}${sequence}`,
    phone: nextPhone(),
    deptId: deptId.north,
    roleIds: [roleId.store_staff],
    storeCodes: ['UA01', 'UA02'],
    ...overrides,
  };
}

async function create(token: string, body: object) {
  const response = await post(USER_ADMIN_PATHS.create, token, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OneTimePassword }>().data;
}

const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  await seedBaseData(t.db);
  for (const permission of ['admin', 'head_office', 'store_staff', 'store_manager'])
    roleId[permission] = (await ensureRole(t.db, permission)).id;
  // Head office here sees its own stores only (the seed gives it all stores; "data scope" below widens it).
  await t.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '华北一区' }).returning();
  for (const code of ['UA01', 'UA02', 'UA03']) {
    const [row] = await t.db
      .insert(stores)
      .values({ shopCode: code, shopName: `用户${code}店`, businessScopeName: code, shopGroupId: group!.id })
      .returning({ id: stores.id });
    storeId[code] = row!.id;
  }
  for (const [key, name] of [
    ['north', '华北一区'],
    ['it', '信息中心'],
  ] as const) {
    const [row] = await t.db.insert(departments).values({ name }).returning({ id: departments.id });
    deptId[key] = row!.id;
  }
  admin = await createUser(t.db, { roles: ['admin'] });
  headOffice = await createUser(t.db, { roles: ['head_office'] });
  clerk = await createUser(t.db, { roles: ['store_staff'] });
  // Head office holds UA01 and UA02 only.
  await t.db.insert(userStores).values([
    { userId: headOffice.id, storeId: storeId.UA01! },
    { userId: headOffice.id, storeId: storeId.UA02! },
    { userId: clerk.id, storeId: storeId.UA01! },
  ]);
  [adminToken, hoToken, clerkToken] = (await Promise.all(
    [admin, headOffice, clerk].map((u) => signIn(t.app, u)),
  )) as [string, string, string];
});

afterAll(() => t.close());

describe('access', () => {
  const calls = (): [string, string, object][] => [
    ['POST', USER_ADMIN_PATHS.page, {}],
    ['GET', `${USER_ADMIN_PATHS.detail}?id=1`, {}],
    ['GET', USER_ADMIN_PATHS.formOptions, {}],
    ['GET', USER_ADMIN_PATHS.storeOptions, {}],
    ['POST', USER_ADMIN_PATHS.create, newUser()],
    ['POST', USER_ADMIN_PATHS.update, { id: 1, ...newUser() }],
    ['POST', USER_ADMIN_PATHS.setEnabled, { id: 1, enabled: false }],
    ['POST', USER_ADMIN_PATHS.resetPassword, { id: 1 }],
  ];
  const call = (method: string, url: string, token: string | null, payload: object) =>
    method === 'GET' ? get(url, token) : post(url, token, payload);

  it('answers 401 to an anonymous caller and 403 to store staff, on every route', async () => {
    for (const [method, url, payload] of calls()) {
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.statusCode, url).toBe(401);
      const staff = await call(method, url, clerkToken, payload);
      expect(staff.statusCode, url).toBe(403);
      expect(staff.json().errorMsg).toMatch(CHINESE);
    }
  });
});

describe('the list', () => {
  it('filters by keyword, department, role, store and state, with masked phones', async () => {
    const { id } = await create(
      adminToken,
      newUser({ nickName: '筛选甲', deptId: deptId.it, storeCodes: ['UA03'] }),
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    const page = async (filters: object) => {
      const response = await post(USER_ADMIN_PATHS.page, adminToken, { pageSize: 100, ...filters });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: UserPage }>().data;
    };
    for (const keyword of ['筛选甲', row!.workCode, row!.phone!.slice(-6), row!.username.toUpperCase()]) {
      const found = await page({ keyword });
      expect(
        found.list.map((u) => u.id),
        keyword,
      ).toEqual([id]);
      expect(found.total).toBe(1);
      expect(found.list[0]!.phoneMasked).toBe(`${row!.phone!.slice(0, 3)}****${row!.phone!.slice(-4)}`);
      expect(JSON.stringify(found)).not.toContain(row!.phone!);
    }
    expect((await page({ deptId: deptId.it })).list.map((u) => u.id)).toContain(id);
    expect((await page({ deptId: deptId.north })).list.map((u) => u.id)).not.toContain(id);
    expect((await page({ shopCode: 'UA03' })).list.map((u) => u.id)).toEqual([id]);
    expect((await page({ roleId: roleId.admin })).list.map((u) => u.id)).toEqual([admin.id]);
    expect((await page({ enabled: false })).list.every((u) => !u.enabled)).toBe(true);
    const listed = (await page({ keyword: '筛选甲' })).list[0]!;
    expect(listed).toMatchObject({
      deptName: '信息中心',
      storeCount: 1,
      storeNames: ['用户UA03店'],
      mustChangePassword: true,
      manageable: true,
      roles: [{ id: roleId.store_staff, permission: 'store_staff' }],
    });
    // Paging: one row per page, the same total.
    const first = await page({ pageSize: 1, pageNum: 1 });
    expect(first.list).toHaveLength(1);
    expect(first.total).toBeGreaterThan(3);
  });

  it('refuses bad filters with a Chinese 400', async () => {
    for (const body of [{ pageSize: 1000 }, { roleId: 'x' }, { shopCode: '门店!' }, { enabled: 'yes' }]) {
      const response = await post(USER_ADMIN_PATHS.page, adminToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
  });
});

describe('creating a user', () => {
  it('makes an account with a role and two stores that must change its one-time password', async () => {
    const body = newUser();
    const { id, oneTimePassword } = await create(adminToken, body);
    expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{12}$/);

    const login = await passwordLogin(t.app, { username: body.username, password: oneTimePassword });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token as string;
    const status = await post(AUTH_PATHS.passwordStatus, token);
    expect(status.json().data).toEqual({ mustChange: true, reason: 'initial' });

    const detail = (await get(`${USER_ADMIN_PATHS.detail}?id=${id}`, adminToken)).json<{ data: UserDetail }>()
      .data;
    expect(detail).toMatchObject({
      username: body.username,
      phone: body.phone,
      deptId: deptId.north,
      enabled: true,
      mustChangePassword: true,
      stores: [
        { shopCode: 'UA01', shopName: '用户UA01店' },
        { shopCode: 'UA02', shopName: '用户UA02店' },
      ],
    });
    expect(detail.roles.map((r) => r.permission)).toEqual(['store_staff']);

    const created = await lastAudit('user.create');
    expect(created).toMatchObject({ userId: admin.id, target: String(id) });
    expect(created!.ip).not.toBe('');
    expect(created!.detail).toMatchObject({
      before: null,
      after: { username: body.username, stores: ['UA01', 'UA02'] },
    });
    const written = JSON.stringify(await t.db.select().from(auditLog));
    expect(written).not.toContain(oneTimePassword);
    expect(written).not.toContain(body.phone);
    expect(await lastAudit('user.view')).toMatchObject({ userId: admin.id, target: String(id) });

    // Until it is changed, the one-time password opens the account only, not a store's work.
    const orders = () => post(ORDER_PATHS.received, token, { storeCode: 'UA01' });
    const before = await orders();
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({
      errorCode: 'PASSWORD_CHANGE_REQUIRED',
      errorMsg: '请先修改初始密码，再使用门店和总部功能',
    });
    const newPassword = 'Changed@2026!';
    const changed = await post(PROFILE_PATHS.updatePassword, token, {
      oldPassword: oneTimePassword,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await orders()).statusCode).toBe(200);
  });

  it('refuses bad input with a Chinese 400 and saves nothing', async () => {
    const before = await t.db.$count(users);
    const cases: [object, RegExp][] = [
      [newUser({ phone: '12345' }), /手机号/],
      [newUser({ roleIds: [] }), /角色/],
      [newUser({ username: '中文账号' }), /账号/],
      [newUser({ workCode: 'a b' }), /工号/],
      [newUser({ nickName: '' }), /姓名/],
      [newUser({ storeCodes: ['UA01', 'NOPE'] }), /门店编号不存在：NOPE/],
      [newUser({ roleIds: [999999] }), /角色不存在/],
      [newUser({ deptId: 999999 }), /部门不存在/],
    ];
    for (const [body, message] of cases) {
      const response = await post(USER_ADMIN_PATHS.create, adminToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg).toMatch(message);
    }
    expect(await t.db.$count(users)).toBe(before);
  });

  it('refuses a duplicate account, work code or phone with a Chinese 409', async () => {
    const first = newUser();
    await create(adminToken, first);
    const before = await t.db.$count(users);
    const cases: [object, string][] = [
      [newUser({ username: first.username.toUpperCase() }), '账号已存在，请换一个账号'],
      [newUser({ workCode: first.workCode }), '工号已被其他用户使用'],
      [newUser({ phone: first.phone }), '手机号已被其他用户使用'],
    ];
    for (const [body, message] of cases) {
      const response = await post(USER_ADMIN_PATHS.create, adminToken, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorMsg).toBe(message);
    }
    expect(await t.db.$count(users)).toBe(before);
  });
});

describe('nobody grants what they do not hold', () => {
  it('head office grants store roles in its own stores only, never head office or admin', async () => {
    await create(hoToken, newUser());
    for (const role of ['head_office', 'admin']) {
      const response = await post(USER_ADMIN_PATHS.create, hoToken, newUser({ roleIds: [roleId[role]] }));
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toMatchObject({
        errorCode: 'ROLE_NOT_GRANTABLE',
        errorMsg: expect.stringMatching(CHINESE),
      });
    }
    const foreign = await post(USER_ADMIN_PATHS.create, hoToken, newUser({ storeCodes: ['UA01', 'UA03'] }));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      errorCode: 'STORE_NOT_GRANTABLE',
      errorMsg: expect.stringContaining('UA03'),
    });

    const options = (await get(USER_ADMIN_PATHS.formOptions, hoToken)).json().data;
    const offered = options.roles.map((r: { permission: string }) => r.permission);
    expect(offered).toContain('store_staff');
    expect(offered).not.toContain('head_office');
    expect(offered).not.toContain('admin');
    const storeOptions = (await get(`${USER_ADMIN_PATHS.storeOptions}?keyword=UA`, hoToken)).json().data;
    expect(storeOptions.map((s: { shopCode: string }) => s.shopCode)).toEqual(['UA01', 'UA02']);
  });

  it('head office cannot edit, disable or reset an administrator or another head-office user', async () => {
    for (const target of [admin.id, (await createUser(t.db, { roles: ['head_office'] })).id]) {
      for (const [url, body] of [
        [USER_ADMIN_PATHS.setEnabled, { id: target, enabled: false }],
        [USER_ADMIN_PATHS.resetPassword, { id: target }],
        [USER_ADMIN_PATHS.update, { ...newUser(), id: target }],
      ] as const) {
        const response = await post(url, hoToken, body);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().errorCode).toBe('USER_NOT_MANAGEABLE');
      }
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.enabled).toBe(true);
  });

  it('nobody disables or resets their own account here', async () => {
    const response = await post(USER_ADMIN_PATHS.setEnabled, adminToken, { id: admin.id, enabled: false });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('NOT_SELF');
  });
});

describe('changes take effect at the next request', () => {
  it('an edit of roles and stores is seen by the user at once', async () => {
    const body = newUser();
    const { id, oneTimePassword } = await create(adminToken, body);
    const token = await signIn(t.app, { username: body.username, password: oneTimePassword });
    expect((await get(AUTH_PATHS.info, token)).json().data.roles).toContain('store_staff');

    const update = await post(USER_ADMIN_PATHS.update, adminToken, {
      id,
      nickName: '改名了',
      workCode: body.workCode,
      phone: body.phone,
      deptId: null,
      roleIds: [roleId.store_manager],
      storeCodes: ['UA03'],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({
      nickName: '改名了',
      deptId: null,
      stores: [{ shopCode: 'UA03' }],
    });
    const info = (await get(AUTH_PATHS.info, token)).json().data;
    expect(info.roles).toContain('store_manager');
    expect(info.roles).not.toContain('store_staff');
    expect(info.user.nickName).toBe('改名了');

    const audited = await lastAudit('user.update');
    expect(audited!.detail).toMatchObject({
      before: { roles: ['store_staff'], stores: ['UA01', 'UA02'] },
      after: { roles: ['store_manager'], stores: ['UA03'], nickName: '改名了' },
    });
  });

  it('disabling ends the sessions at once; enabling lets the user sign in again', async () => {
    const body = newUser();
    const { id, oneTimePassword } = await create(adminToken, body);
    const token = await signIn(t.app, { username: body.username, password: oneTimePassword });
    expect((await get(AUTH_PATHS.info, token)).statusCode).toBe(200);

    const disable = await post(USER_ADMIN_PATHS.setEnabled, adminToken, { id, enabled: false });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().data.enabled).toBe(false);
    expect((await get(AUTH_PATHS.info, token)).statusCode).toBe(401);
    const refused = await passwordLogin(t.app, { username: body.username, password: oneTimePassword });
    expect(refused.statusCode).toBe(401);
    expect(await lastAudit('user.disable')).toMatchObject({
      target: String(id),
      detail: { before: { enabled: true }, after: { enabled: false } },
    });

    expect((await post(USER_ADMIN_PATHS.setEnabled, adminToken, { id, enabled: true })).statusCode).toBe(200);
    expect(
      (await passwordLogin(t.app, { username: body.username, password: oneTimePassword })).statusCode,
    ).toBe(200);
    expect(await lastAudit('user.enable')).toMatchObject({ target: String(id) });
  });

  it('a password reset ends the sessions and the user must change the new one-time password', async () => {
    const body = newUser();
    const { id, oneTimePassword } = await create(adminToken, body);
    const token = await signIn(t.app, { username: body.username, password: oneTimePassword });
    const reset = await post(USER_ADMIN_PATHS.resetPassword, adminToken, { id });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json<{ data: OneTimePassword }>().data.oneTimePassword;
    expect(fresh).not.toBe(oneTimePassword);
    expect((await get(AUTH_PATHS.info, token)).statusCode).toBe(401);
    expect(
      (await passwordLogin(t.app, { username: body.username, password: oneTimePassword })).statusCode,
    ).toBe(401);
    const again = await signIn(t.app, { username: body.username, password: fresh });
    expect((await post(AUTH_PATHS.passwordStatus, again)).json().data).toEqual({
      mustChange: true,
      reason: 'initial',
    });
    const audited = await lastAudit('user.password.reset');
    expect(audited).toMatchObject({ userId: admin.id, target: String(id) });
    expect(JSON.stringify(audited)).not.toContain(fresh);
  });

  it('answers 404 for a user that does not exist', async () => {
    const response = await post(USER_ADMIN_PATHS.resetPassword, adminToken, { id: 99999999 });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorMsg).toBe('用户不存在');
  });
});

describe('the last enabled administrator', () => {
  it('cannot be disabled or lose the admin role', async () => {
    // A database of its own: here the two administrators are the only ones.
    const own = await createTestApp();
    try {
      await seedBaseData(own.db);
      const first = await createUser(own.db, { roles: ['admin'] });
      const second = await createUser(own.db, { roles: ['admin'] });
      const firstToken = await signIn(own.app, first);
      const call = (url: string, payload: object) =>
        own.app.inject({ method: 'POST', url, headers: bearer(firstToken), payload });
      // The caller's sign-in is cached; disabled behind the application's back, it is the race of two
      // administrators disabling each other, which the lock decides.
      expect(
        (await own.app.inject({ method: 'GET', url: AUTH_PATHS.info, headers: bearer(firstToken) }))
          .statusCode,
      ).toBe(200);
      await setEnabled(own.db, [first.id], false);

      const disable = await call(USER_ADMIN_PATHS.setEnabled, { id: second.id, enabled: false });
      expect(disable.statusCode).toBe(409);
      expect(disable.json()).toMatchObject({
        errorCode: 'LAST_ADMIN',
        errorMsg: '系统至少需要保留一位启用的系统管理员',
      });
      const [secondRow] = await own.db.select().from(users).where(eq(users.id, second.id));
      const staffRole = await ensureRole(own.db, 'store_staff');
      const demote = await call(USER_ADMIN_PATHS.update, {
        id: second.id,
        nickName: '管理员二',
        workCode: secondRow!.workCode,
        phone: secondRow!.phone,
        roleIds: [staffRole.id],
        storeCodes: [],
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().errorCode).toBe('LAST_ADMIN');
      const [after] = await own.db
        .select()
        .from(users)
        .where(and(eq(users.id, second.id), eq(users.enabled, true)));
      expect(after?.nickName).toBe(secondRow!.nickName);
    } finally {
      await own.close();
    }
  });
});
