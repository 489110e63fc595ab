import { AUTH_PATHS, ROLE_PATHS, type PermissionNode, type RoleRow } from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, menus, roleMenus, roles, userRoles } from '../../db/schema.js';
import { seedBaseData } from '../../db/seed/index.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { bearer, createUser, ensureRole, type TestUser } from '../../test/fixtures.js';
import { issueSessionToken } from '../../test/server-process.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: TestUser;
let keeper: TestUser;
let clerk: TestUser;
const tokens: Record<string, string> = {};
/** Menu ids by button permission or page title. */
const menuId: Record<string, number> = {};
const CHINESE = /[\u4e00-\u9fa5]/;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const idPath = (path: string, id: number) => path.replace(':id', String(id));
const roleBody = (overrides: Record<string, unknown> = {}) => ({
  name: '会员专员',
  permission: `member_clerk_${Math.random().toString(36).slice(2, 8)}`,
  description: '会员查询与跟进',
  menuIds: [menuId['会员查询']!, menuId['member:tag']!],
  ...overrides,
});
const roleCount = () => t.db.$count(roles);

beforeAll(async () => {
  t = await createTestApp();
  await seedBaseData(t.db);
  for (const m of await t.db.select().from(menus)) menuId[m.permission ?? m.title] = m.id;
  // A head-office person who may manage roles but holds only the member pages and the role buttons.
  const keeperRole = await ensureRole(t.db, 'role_keeper', { name: '角色维护' });
  await t.db.insert(roleMenus).values(
    ['会员查询', 'member:tag', '角色管理', 'roles:add', 'roles:edit', 'roles:del'].map((key) => ({
      roleId: keeperRole.id,
      menuId: menuId[key]!,
    })),
  );
  admin = await createUser(t.db, { roles: ['admin'] });
  keeper = await createUser(t.db, { roles: ['head_office', 'role_keeper'] });
  clerk = await createUser(t.db, { roles: ['store_staff'] });
  for (const [name, user] of Object.entries({ admin, keeper, clerk }))
    tokens[name] = await issueSessionToken(t.db, user.id, t.clock());
});
afterAll(() => t.close());

describe('role management access', () => {
  it('answers 401 without a session and 403 to store staff', async () => {
    expect((await call('GET', ROLE_PATHS.list, null)).statusCode).toBe(401);
    expect((await call('GET', ROLE_PATHS.list, tokens.clerk!)).statusCode).toBe(403);
    expect((await call('POST', ROLE_PATHS.create, tokens.clerk!, roleBody())).statusCode).toBe(403);
  });

  it('keeps GET /api/roles/queryLjYun: the cloud-platform roles', async () => {
    const response = await call('GET', AUTH_PATHS.cloudRoles, tokens.clerk!);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((r: { permission: string }) => r.permission)).toContain('store_staff');
  });
});

describe('listing', () => {
  it('lists roles with their menus and holders, filtered by keyword', async () => {
    const response = await call('GET', `${ROLE_PATHS.list}?keyword=admin&pageSize=5`, tokens.admin!);
    expect(response.statusCode).toBe(200);
    const page = response.json().data as { list: RoleRow[]; total: number };
    expect(page.list.map((r) => r.permission)).toEqual(['admin']);
    expect(page.list[0]!.userCount).toBeGreaterThanOrEqual(1);
    const all = (await call('GET', `${ROLE_PATHS.list}?pageSize=50`, tokens.admin!)).json().data;
    const staff = all.list.find((r: RoleRow) => r.permission === 'store_staff');
    expect(staff.menuIds).toContain(menuId['order:ship']);
  });

  it('serves the permission tree: directories, pages and buttons', async () => {
    const tree = (await call('GET', ROLE_PATHS.menuTree, tokens.keeper!)).json().data as PermissionNode[];
    const order = tree.find((n) => n.title === '订单管理')!;
    const received = order.children.find((n) => n.title === '已接订单')!;
    expect(received.children.map((b) => b.permission)).toContain('order:ship');
  });

  it('refuses bad paging with a Chinese 400', async () => {
    const response = await call('GET', `${ROLE_PATHS.list}?pageSize=500`, tokens.admin!);
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toMatch(CHINESE);
  });
});

describe('creating and editing', () => {
  it('creates a role with its menus and audits it; a taken key is 409', async () => {
    const body = roleBody();
    const response = await call('POST', ROLE_PATHS.create, tokens.admin!, body);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().data as RoleRow;
    expect(created).toMatchObject({ permission: body.permission, userCount: 0, cloudPlatform: true });
    expect(created.menuIds).toEqual([...body.menuIds].sort((a, b) => a - b));
    const audited = await expectAuditedChange(t.db, 'role.create', admin.id);
    expect(audited).toMatchObject({ target: body.permission, before: null, after: { name: '会员专员' } });

    const count = await roleCount();
    const again = await call('POST', ROLE_PATHS.create, tokens.admin!, { ...body, name: '另一个' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg).toBe('角色标识已存在');
    expect(await roleCount()).toBe(count);
  });

  it('refuses bad input and unknown menus with Chinese 400s, writing nothing', async () => {
    const count = await roleCount();
    for (const body of [
      roleBody({ name: '' }),
      roleBody({ permission: 'Bad Key' }),
      roleBody({ menuIds: [-1] }),
      roleBody({ menuIds: [9_999_999] }),
    ]) {
      const response = await call('POST', ROLE_PATHS.create, tokens.admin!, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect(await roleCount()).toBe(count);
  });

  it('lets nobody grant a menu or button they do not hold, nor a head-office key', async () => {
    const count = await roleCount();
    const notHeld = await call(
      'POST',
      ROLE_PATHS.create,
      tokens.keeper!,
      roleBody({ menuIds: [menuId['会员查询']!, menuId['menu:add']!] }),
    );
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json()).toMatchObject({ errorCode: 'PERMISSION_NOT_HELD' });
    const headOffice = await call(
      'POST',
      ROLE_PATHS.create,
      tokens.keeper!,
      roleBody({ permission: 'head_office' }),
    );
    expect(headOffice.statusCode).toBe(403);
    expect(await roleCount()).toBe(count);

    const held = await call('POST', ROLE_PATHS.create, tokens.keeper!, roleBody());
    expect(held.statusCode, held.body).toBe(200);
    // A role with a system-tools button the keeper lacks: they may not edit it, even to take the button away.
    const tools = (
      await call('POST', ROLE_PATHS.create, tokens.admin!, roleBody({ menuIds: [menuId['menu:add']!] }))
    ).json().data as RoleRow;
    const editForeign = await call('PUT', idPath(ROLE_PATHS.edit, tools.id), tokens.keeper!, {
      ...roleBody({ permission: tools.permission }),
    });
    expect(editForeign.statusCode).toBe(403);
  });

  it('gives a changed role to its holders at their next request', async () => {
    const created = (await call('POST', ROLE_PATHS.create, tokens.admin!, roleBody())).json().data as RoleRow;
    const holder = await createUser(t.db, { roles: [created.permission] });
    const token = await issueSessionToken(t.db, holder.id, t.clock());
    const rolesNow = async () => (await call('GET', AUTH_PATHS.info, token)).json().data.roles as string[];
    expect(await rolesNow()).not.toContain('member:follow');

    const edited = await call('PUT', idPath(ROLE_PATHS.edit, created.id), tokens.admin!, {
      ...roleBody({ permission: created.permission, name: '会员跟进专员' }),
      menuIds: [...created.menuIds, menuId['member:follow']!],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: '会员跟进专员', userCount: 1 });
    expect(await rolesNow()).toContain('member:follow');
    const audited = await expectAuditedChange(t.db, 'role.edit', admin.id);
    expect(audited.before).toMatchObject({ name: '会员专员', menuIds: created.menuIds });
    expect(audited.after).toMatchObject({ name: '会员跟进专员' });
  });

  it('keeps the admin key', async () => {
    const [superRole] = await t.db.select().from(roles).where(eq(roles.permission, 'admin'));
    const response = await call('PUT', idPath(ROLE_PATHS.edit, superRole!.id), tokens.admin!, {
      name: '超级管理员',
      permission: 'super',
      menuIds: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('ROLE_BUILT_IN');
  });
});

describe('deleting', () => {
  it('never deletes admin, nor a role someone holds (409 naming how many)', async () => {
    const [superRole] = await t.db.select().from(roles).where(eq(roles.permission, 'admin'));
    const builtIn = await call('DELETE', idPath(ROLE_PATHS.remove, superRole!.id), tokens.admin!);
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().errorMsg).toBe('系统管理员角色不能删除');

    const created = (await call('POST', ROLE_PATHS.create, tokens.admin!, roleBody())).json().data as RoleRow;
    const holders = [await createUser(t.db, { roles: [created.permission] })];
    holders.push(await createUser(t.db, { roles: [created.permission] }));
    const inUse = await call('DELETE', idPath(ROLE_PATHS.remove, created.id), tokens.admin!);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errorMsg).toBe('该角色已分配给2名用户，不能删除');
    expect(await t.db.$count(roles, eq(roles.id, created.id))).toBe(1);

    await t.db.delete(userRoles).where(
      and(
        eq(userRoles.roleId, created.id),
        inArray(
          userRoles.userId,
          holders.map((h) => h.id),
        ),
      ),
    );
    const deleted = await call('DELETE', idPath(ROLE_PATHS.remove, created.id), tokens.admin!);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.$count(roles, eq(roles.id, created.id))).toBe(0);
    expect(await t.db.$count(roleMenus, eq(roleMenus.roleId, created.id))).toBe(0);
    const audited = await expectAuditedChange(t.db, 'role.delete', admin.id);
    expect(audited).toMatchObject({ target: created.permission, after: null });
    expect((await call('DELETE', idPath(ROLE_PATHS.remove, created.id), tokens.admin!)).statusCode).toBe(404);
  });

  it('audits nothing for a refused change', async () => {
    // A refused call leaves only its failure record (result `fail`, 操作日志), no change.
    const changes = () =>
      t.db.$count(auditLog, and(eq(auditLog.userId, clerk.id), eq(auditLog.result, 'ok')));
    const before = await changes();
    await call('POST', ROLE_PATHS.create, tokens.clerk!, roleBody());
    expect(await changes()).toBe(before);
  });
});
