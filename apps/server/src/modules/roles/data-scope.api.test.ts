import {
  ROLE_PATHS,
  STORE_ADMIN_PATHS as STORES,
  USER_ADMIN_PATHS as USERS,
  type GroupInfo,
  type RoleRow,
  type StoreAdminRow,
} from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBaseData } from '../../db/seed/index.js';
import { roles, shopGroups, stores, userStores } from '../../db/schema.js';
import { adminCalls } from '../../test/admin-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createUser, nextPhone, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { storeFormIn } from '../stores-admin/stores-admin-test-fixtures.js';

/**
 * Data scope (docs/domain/roles.md): a head-office user whose roles are `head_office` (narrowed to its own
 * stores here) and 华东 (`groups`: group A) sees and changes the stores of group A and its own store in group C,
 * never group B's or the rest of C's; it grants no scope and no store beyond that.
 */
let t: TestApp;
let adminToken: string;
let adminId: number;
let regional: { id: number; token: string };
const group: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
const store: Record<string, number> = {};
let regionRoleId: number;

const BUTTONS = [
  'shop:add',
  'shop:edit',
  'shop:status',
  'shopGroup:add',
  'shopGroup:edit',
  'roles:add',
  'roles:edit',
  'user:add',
  'user:edit',
];
const { send, ok, refused } = adminCalls(
  () => t,
  () => regional.token,
  '10.9.9.9',
);

const storeForm = (shopGroupId: number, extra: Record<string, unknown> = {}) =>
  storeFormIn(shopGroupId, { shopName: '范围店', businessScopeName: '北京朝阳范围店', ...extra });
const roleBody = (extra: Record<string, unknown>) => ({
  name: '测试角色',
  permission: `scope_${Math.random().toString(36).slice(2, 8)}`,
  menuIds: [],
  ...extra,
});
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const of = (...codes: string[]) => codes.map((c) => store[c]!).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  await seedBaseData(t.db);
  await t.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
  const groups = await t.db
    .insert(shopGroups)
    .values([
      { frontTitle: '范围甲区', sort: 1 },
      { frontTitle: '范围乙区', sort: 2 },
      { frontTitle: '范围丙区', sort: 3 },
    ])
    .returning();
  [group.A, group.B, group.C] = groups.map((g) => g.id) as [number, number, number];
  for (const [code, g] of [
    ['SA1', group.A],
    ['SB1', group.B],
    ['SC1', group.C],
    ['SC2', group.C],
  ] as const) {
    const [row] = await t.db
      .insert(stores)
      .values({ shopCode: code, shopName: `${code}店`, businessScopeName: code, shopGroupId: g })
      .returning({ id: stores.id });
    store[code] = row!.id;
  }
  const admin = await createUser(t.db, { roles: ['admin'] });
  adminToken = await signIn(t.app, admin);
  adminId = admin.id;
  const region = await ok<RoleRow>(
    'POST',
    ROLE_PATHS.create,
    roleBody({ name: '华东区域', dataScope: 'groups', shopGroupIds: [group.A] }),
    adminToken,
  );
  regionRoleId = region.id;
  const user = await createUser(t.db, { roles: ['head_office', region.permission, ...BUTTONS] });
  await t.db.insert(userStores).values({ userId: user.id, storeId: store.SC1! });
  regional = { id: user.id, token: await signIn(t.app, user) };
});

afterAll(() => t.close());

describe('head-office stores', () => {
  it('lists only the stores in scope: the groups’ and the user’s own', async () => {
    const page = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { pageSize: 100 });
    expect(ids(page.list)).toEqual(of('SA1', 'SC1'));
    const options = await ok<{ id: number }[]>('POST', STORES.conditionQuery, {});
    expect(ids(options)).toEqual(of('SA1', 'SC1'));
    const filtered = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { shopGroupId: group.B });
    expect(filtered.list).toEqual([]);
    const all = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { pageSize: 100 }, adminToken);
    expect(ids(all.list)).toEqual(expect.arrayContaining(of('SA1', 'SB1', 'SC1', 'SC2')));
  });

  it('groups for head office: the scope’s groups and those of its own stores, with only stores in scope', async () => {
    const infos = await ok<GroupInfo[]>('POST', STORES.groupInfo, {});
    expect(infos.map((g) => [g.shopGroupId, g.shopList.map((s) => s.shopCode)])).toEqual([
      [group.A, ['SA1']],
      [group.C, ['SC1']],
    ]);
  });

  it('answers 404 for a store outside the scope and changes nothing', async () => {
    await refused('GET', STORES.openWork, { id: store.SB1 }, 404, /门店不存在/);
    await refused('POST', STORES.edit, { ...storeForm(group.B), id: store.SB1 }, 404, /门店不存在/);
    await refused('GET', STORES.editStatus, { id: store.SC2, status: 'closed' }, 404, /门店不存在/);
    const [b] = await t.db.select().from(stores).where(eq(stores.id, store.SB1!));
    expect(b).toMatchObject({ shopName: 'SB1店', enabled: true });
    await ok('GET', STORES.openWork, { id: store.SA1 });
  });

  it('edits and closes stores in scope; refuses to move one to a group outside it', async () => {
    const edited = await ok<StoreAdminRow>('POST', STORES.edit, { ...storeForm(group.C), id: store.SC1 });
    expect(edited.shopGroupId).toBe(group.C);
    const moved = await refused(
      'POST',
      STORES.edit,
      { ...storeForm(group.B), id: store.SA1 },
      403,
      /范围乙区.*不在您的数据权限内/,
    );
    expect(moved.errorCode).toBe('SHOP_GROUP_OUT_OF_SCOPE');
    const [a] = await t.db.select().from(stores).where(eq(stores.id, store.SA1!));
    expect(a!.shopGroupId).toBe(group.A);
    await ok('GET', STORES.editStatus, { id: store.SA1, status: 'closed' });
    await ok('GET', STORES.editStatus, { id: store.SA1, status: 'open' });
  });

  it('opens a store only in a group of the scope', async () => {
    const before = await t.db.$count(stores);
    await refused('POST', STORES.add, storeForm(group.C), 403, /范围丙区.*不在您的数据权限内/);
    expect(await t.db.$count(stores)).toBe(before);
    const opened = await ok<StoreAdminRow>('POST', STORES.add, storeForm(group.A, { shopName: '甲区新店' }));
    const page = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { shopGroupId: group.A });
    expect(page.list.map((s) => s.id)).toContain(opened.id);
  });
});

describe('shop groups', () => {
  type GroupPage = { list: { id: number; frontTitle: string; storeCount: number }[]; total: number };

  it('lists only the groups in scope, counting only their stores in scope', async () => {
    const page = await ok<GroupPage>('POST', STORES.groupPage, { pageSize: 100 });
    const inA = await t.db.$count(stores, eq(stores.shopGroupId, group.A));
    expect(page.list.map((g) => [g.id, g.storeCount])).toEqual([
      [group.A, inA],
      [group.C, 1],
    ]);
    expect(page.total).toBe(2);
    const searched = await ok<GroupPage>('POST', STORES.groupPage, { keyword: '乙' });
    expect(searched).toMatchObject({ list: [], total: 0 });
    const all = await ok<GroupPage>('POST', STORES.groupPage, { pageSize: 100 }, adminToken);
    expect(all.list.find((g) => g.id === group.C)?.storeCount).toBe(2);
    expect(ids(all.list)).toEqual(expect.arrayContaining([group.A, group.B, group.C]));
  });

  it('changes only the scope’s own groups; creates none without `all`', async () => {
    const rename = (id: number, frontTitle: string) => ({ id, frontTitle, sort: 1 });
    await refused('PUT', STORES.groups, rename(group.B, '改名'), 404, /门店分组不存在/);
    const viaOwnStore = await refused(
      'PUT',
      STORES.groups,
      rename(group.C, '改名'),
      403,
      /范围丙区.*不在您的数据权限内/,
    );
    expect(viaOwnStore.errorCode).toBe('SHOP_GROUP_OUT_OF_SCOPE');
    await refused('DELETE', STORES.groups, { id: group.B }, 404, /门店分组不存在/);
    const create = await refused('POST', STORES.groups, { frontTitle: '范围新区' }, 403, /全部门店/);
    expect(create.errorCode).toBe('SCOPE_NOT_HELD');
    expect(await t.db.$count(shopGroups, inArray(shopGroups.frontTitle, ['改名', '范围新区']))).toBe(0);
    await ok('PUT', STORES.groups, rename(group.A, '范围甲区'));
  });
});

describe('users admin', () => {
  const userWith = async (codes: string[]) => {
    const user = await createUser(t.db, { roles: ['store_staff'] });
    if (codes.length)
      await t.db.insert(userStores).values(codes.map((c) => ({ userId: user.id, storeId: store[c]! })));
    return user.id;
  };

  it('lists users holding a store in scope or no store at all; others are 404', async () => {
    const inside = await userWith(['SA1']);
    const outside = await userWith(['SB1']);
    const mixed = await userWith(['SB1', 'SC1']);
    const none = await userWith([]);
    const page = await ok<{ list: { id: number }[] }>('POST', USERS.page, { pageSize: 100 });
    const listed = page.list.map((u) => u.id);
    expect(listed).toEqual(expect.arrayContaining([inside, mixed, none]));
    expect(listed).not.toContain(outside);
    await refused('GET', USERS.detail, { id: outside }, 404, /用户不存在/);
    const forAdmin = await ok<{ list: { id: number }[] }>('POST', USERS.page, { pageSize: 100 }, adminToken);
    expect(forAdmin.list.map((u) => u.id)).toContain(outside);
  });

  it('grants stores of the scope (not only its own), never one outside it', async () => {
    const [staff] = await t.db.select().from(roles).where(eq(roles.permission, 'store_staff'));
    const body = (storeCodes: string[]) => ({
      username: `scope${nextPhone().slice(-6)}`,
      nickName: '范围同事',
      workCode: `SW${nextPhone().slice(-6)}`,
      phone: nextPhone(),
      roleIds: [staff!.id],
      storeCodes,
    });
    const refusal = await refused('POST', USERS.create, body(['SA1', 'SB1']), 403, /数据权限以外.*SB1/);
    expect(refusal.errorCode).toBe('STORE_NOT_GRANTABLE');
    await ok('POST', USERS.create, body(['SA1', 'SC1']));
    const options = await ok<{ shopCode: string }[]>('GET', USERS.storeOptions, { keyword: 'S' });
    expect(options.map((s) => s.shopCode)).toEqual(['SA1', 'SC1']);
  });
});

describe('granting a scope', () => {
  it('refuses `all` without `all`, and groups outside the caller’s, naming them', async () => {
    const all = await refused('POST', ROLE_PATHS.create, roleBody({ dataScope: 'all' }), 403, /全部门店/);
    expect(all.errorCode).toBe('SCOPE_NOT_HELD');
    const body = roleBody({ dataScope: 'groups', shopGroupIds: [group.A, group.B] });
    await refused('POST', ROLE_PATHS.create, body, 403, /数据权限以外的门店分组：范围乙区/);
    await refused('POST', ROLE_PATHS.create, roleBody({ dataScope: 'groups' }), 400, /请选择门店分组/);
    await refused(
      'POST',
      ROLE_PATHS.create,
      roleBody({ dataScope: 'groups', shopGroupIds: [999_999] }),
      422,
      /门店分组不存在/,
    );
    await refused('POST', ROLE_PATHS.create, roleBody({ dataScope: 'everything' }), 400, /数据权限不正确/);
    expect(await t.db.$count(roles, inArray(roles.name, ['测试角色']))).toBe(0);

    const inside = await ok<RoleRow>('POST', ROLE_PATHS.create, {
      ...roleBody({ dataScope: 'groups', shopGroupIds: [group.A] }),
      name: '甲区角色',
    });
    expect(inside).toMatchObject({ dataScope: 'groups', shopGroups: [{ id: group.A, name: '范围甲区' }] });
    const own = await ok<RoleRow>('POST', ROLE_PATHS.create, {
      ...roleBody({ shopGroupIds: [group.A] }),
      name: '本人角色',
    });
    expect(own).toMatchObject({ dataScope: 'own', shopGroups: [] });
  });

  it('offers a role only the groups the caller may grant, searched by name and paged past a hundred', async () => {
    type Options = { list: { id: number; name: string }[]; total: number };
    const mine = await ok<Options>('GET', ROLE_PATHS.shopGroups, { keyword: '范围' });
    expect(mine).toMatchObject({ list: [{ id: group.A, name: '范围甲区' }], total: 1 });
    const many = await t.db
      .insert(shopGroups)
      .values(Array.from({ length: 120 }, (_, i) => ({ frontTitle: `选项区${i + 1}`, sort: 100 + i })))
      .returning({ id: shopGroups.id });
    const third = await ok<Options>(
      'GET',
      ROLE_PATHS.shopGroups,
      { keyword: '选项区', pageNum: 3, pageSize: 50 },
      adminToken,
    );
    expect(third.total).toBe(120);
    expect(third.list.map((g) => g.id)).toEqual(many.slice(100).map((g) => g.id));
    const one = await ok<Options>('GET', ROLE_PATHS.shopGroups, { keyword: '选项区120' }, adminToken);
    expect(one.list).toEqual([{ id: many[119]!.id, name: '选项区120' }]);
    expect((await ok<Options>('GET', ROLE_PATHS.shopGroups, { keyword: '选项区' })).total).toBe(0);
    await refused('GET', ROLE_PATHS.shopGroups, { pageSize: 51 }, 400, /每页条数不能超过50/);
    await t.db.delete(shopGroups).where(inArray(shopGroups.id, ids(many)));
  });

  it('lets a caller with `all` choose any group; audits the scope before and after', async () => {
    const created = await ok<RoleRow>(
      'POST',
      ROLE_PATHS.create,
      roleBody({ name: '乙丙区', dataScope: 'groups', shopGroupIds: [group.C, group.B] }),
      adminToken,
    );
    expect(created.shopGroups.map((g) => g.name)).toEqual(['范围乙区', '范围丙区']);
    const edited = await ok<RoleRow>(
      'PUT',
      ROLE_PATHS.edit.replace(':id', String(created.id)),
      { name: '乙丙区', permission: created.permission, dataScope: 'all', shopGroupIds: [group.B] },
      adminToken,
    );
    expect(edited).toMatchObject({ dataScope: 'all', shopGroups: [] });
    const audit = await expectAuditedChange(t.db, 'role.edit', adminId);
    expect(audit.before).toMatchObject({ dataScope: 'groups', shopGroupIds: [group.B, group.C].sort() });
    expect(audit.after).toMatchObject({ dataScope: 'all', shopGroupIds: [] });

    // A role whose scope exceeds the caller's is not theirs to change.
    const row = (await ok<{ list: RoleRow[] }>('GET', ROLE_PATHS.list, { keyword: created.permission }))
      .list[0];
    expect(row!.editable).toBe(false);
  });

  it("keeps the admin role's scope `all`", async () => {
    const [admin] = await t.db.select().from(roles).where(eq(roles.permission, 'admin'));
    const body = { name: admin!.name, permission: 'admin', dataScope: 'own' };
    const refusal = await refused(
      'PUT',
      ROLE_PATHS.edit.replace(':id', String(admin!.id)),
      body,
      409,
      /数据权限固定为全部门店/,
      adminToken,
    );
    expect(refusal.errorCode).toBe('ROLE_BUILT_IN');
  });

  it('keeps a group a role names', async () => {
    const [empty] = await t.db.insert(shopGroups).values({ frontTitle: '范围空区' }).returning();
    await ok(
      'POST',
      ROLE_PATHS.create,
      roleBody({ dataScope: 'groups', shopGroupIds: [empty!.id] }),
      adminToken,
    );
    await refused('DELETE', STORES.groups, { id: empty!.id }, 409, /是1个角色的数据权限/, adminToken);
  });

  it('a widened scope reaches the holder at the next request', async () => {
    const before = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { shopGroupId: group.B });
    expect(before.list).toEqual([]);
    const [region] = await t.db.select().from(roles).where(eq(roles.id, regionRoleId));
    await ok(
      'PUT',
      ROLE_PATHS.edit.replace(':id', String(regionRoleId)),
      {
        name: region!.name,
        permission: region!.permission,
        dataScope: 'groups',
        shopGroupIds: [group.A, group.B],
      },
      adminToken,
    );
    const after = await ok<{ list: StoreAdminRow[] }>('POST', STORES.page, { shopGroupId: group.B });
    expect(ids(after.list)).toEqual(of('SB1'));
    expect((await send('GET', STORES.openWork, regional.token, { id: store.SB1 })).statusCode).toBe(200);
  });
});
