import {
  STORE_ADMIN_PATHS as PATHS,
  type GroupInfo,
  type OpenWork,
  type StoreAdminRow,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, shopGroups, stores, userStores } from '../../db/schema.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { adminCalls, CHINESE } from '../../test/admin-calls.js';
import { createUser, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { seedCatalogue, takenOrder } from '../orders/orders-test-fixtures.js';
import { storeFormIn } from './stores-admin-test-fixtures.js';

let t: TestApp;
let admin: { id: number; token: string };
let reader: string;
let clerk: string;
let groupId: number;

const ALL = [
  'head_office',
  'shop:add',
  'shop:edit',
  'shop:status',
  'shopGroup:add',
  'shopGroup:edit',
  'shopGroup:del',
];
const { send, ok, refused } = adminCalls(
  () => t,
  () => admin.token,
  '10.8.8.8',
);

const storeForm = (extra: Record<string, unknown> = {}) => storeFormIn(groupId, extra);

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  const user = await createUser(t.db, { roles: ALL });
  // Head office sees every store here, as the seed has it ("data scope" below narrows it).
  await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.permission, 'head_office'));
  admin = { id: user.id, token: await signIn(t.app, user) };
  reader = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerk = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...ALL.slice(1)] }));
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '门店管理测试区', sort: 1 }).returning();
  groupId = group!.id;
});

afterAll(() => t.close());

describe('access', () => {
  it('refuses anonymous callers (401) and store staff holding the buttons (403); nothing changes', async () => {
    const before = await t.db.$count(stores);
    for (const [method, url, input] of [
      ['POST', PATHS.page, {}],
      ['GET', PATHS.shopCode, {}],
      ['POST', PATHS.add, storeForm()],
      ['GET', PATHS.editStatus, { id: 1, status: 'closed' }],
      ['POST', PATHS.groups, { frontTitle: '越权分组' }],
    ] as const) {
      expect((await send(method, url, null, input)).statusCode).toBe(401);
      const staff = await send(method, url, clerk, input);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().errorMsg).toMatch(CHINESE);
    }
    expect(await t.db.$count(stores)).toBe(before);
  });

  it('lets head office without buttons read but not open a store', async () => {
    await ok('POST', PATHS.page, {}, reader);
    expect((await send('POST', PATHS.add, reader, storeForm())).statusCode).toBe(403);
  });
});

describe('opening and editing a store', () => {
  it('hands out a new code on every call and opens a store with it, audited', async () => {
    const a = await ok<{ shopCode: string }>('GET', PATHS.shopCode);
    const b = await ok<{ shopCode: string }>('GET', PATHS.shopCode);
    expect(a.shopCode).toMatch(/^MD\d{6}$/);
    expect(b.shopCode).not.toBe(a.shopCode);
    const row = await ok<StoreAdminRow>('POST', PATHS.add, storeForm({ shopCode: a.shopCode }));
    expect(row).toMatchObject({
      shopCode: a.shopCode,
      regionName: '北京市朝阳区',
      status: 'open',
      groupName: '门店管理测试区',
    });
    const audit = await expectAuditedChange(t.db, 'store.create', admin.id);
    expect(audit.target).toBe(a.shopCode);
    // A code already used is refused, and nothing is saved.
    const count = await t.db.$count(stores);
    await refused('POST', PATHS.add, storeForm({ shopCode: a.shopCode }), 409, /已被使用/);
    expect(await t.db.$count(stores)).toBe(count);
  });

  it('makes the code itself when none is given, and never the same one twice at once', async () => {
    const rows = await Promise.all(
      [1, 2, 3].map((i) => ok<StoreAdminRow>('POST', PATHS.add, storeForm({ shopName: `并发店${i}` }))),
    );
    expect(new Set(rows.map((r) => r.shopCode)).size).toBe(3);
  });

  it('refuses bad input with a Chinese 4xx and saves nothing', async () => {
    const count = await t.db.$count(stores);
    // A refused call leaves only its failure record (result `fail`, 操作日志), no change.
    const changes = () => t.db.$count(auditLog, eq(auditLog.result, 'ok'));
    const audits = await changes();
    for (const [extra, status, message] of [
      [{ shopName: '' }, 400, /门店简称/],
      [{ latitude: 0, longitude: 0 }, 400, /纬度/],
      [{ latitude: 116.4, longitude: 39.9 }, 400, /纬度/],
      [{ longitude: 200 }, 400, /经度/],
      [{ shopPhone: '12ab' }, 400, /电话/],
      [{ shopCountyCode: '110105', shopCityCode: '310100' }, 422, /省市区/],
      [{ shopGroupId: 99_999_999 }, 422, /分组不存在/],
      [{ shopCode: 'bad code!' }, 400, /编号格式/],
    ] as const)
      await refused('POST', PATHS.add, storeForm(extra), status, message);
    expect(await t.db.$count(stores)).toBe(count);
    expect(await changes()).toBe(audits);
  });

  it('edits a store: region names from the tree, before and after audited; 404 for an unknown one', async () => {
    const row = await ok<StoreAdminRow>('POST', PATHS.add, storeForm({ shopName: '待改店' }));
    const edited = await ok<StoreAdminRow>('POST', PATHS.edit, {
      ...storeForm({
        shopName: '已改店',
        shopProvinceCode: '330000',
        shopCityCode: '330100',
        shopCountyCode: '330106',
      }),
      id: row.id,
      latitude: 30.27,
      longitude: 120.13,
    });
    expect(edited).toMatchObject({
      shopName: '已改店',
      regionName: '浙江省杭州市西湖区',
      shopCode: row.shopCode,
    });
    const audit = await expectAuditedChange(t.db, 'store.update', admin.id);
    expect(audit.before).toMatchObject({ shopName: '待改店' });
    await refused('POST', PATHS.edit, { ...storeForm(), id: 99_999_999 }, 404, /不存在/);
  });
});

describe('the list', () => {
  it('filters by group, area, status and name or code prefix, and pages', async () => {
    const [other] = await t.db.insert(shopGroups).values({ frontTitle: '列表测试区' }).returning();
    const a = await ok<StoreAdminRow>(
      'POST',
      PATHS.add,
      storeForm({ shopGroupId: other!.id, shopName: '列表甲店' }),
    );
    await ok<StoreAdminRow>(
      'POST',
      PATHS.add,
      storeForm({
        shopGroupId: other!.id,
        shopName: '列表乙店',
        shopProvinceCode: '330000',
        shopCityCode: '330100',
        shopCountyCode: '330106',
      }),
    );
    await ok('GET', PATHS.editStatus, { id: a.id, status: 'closed' });
    type Page = { list: StoreAdminRow[]; total: number };
    const names = async (filter: Record<string, unknown>) =>
      (await ok<Page>('POST', PATHS.page, { shopGroupId: other!.id, ...filter })).list.map((r) => r.shopName);
    expect(await names({})).toEqual(['列表乙店', '列表甲店']);
    expect(await names({ status: 'closed' })).toEqual(['列表甲店']);
    expect(await names({ areaCode: '330000' })).toEqual(['列表乙店']);
    expect(await names({ areaCode: '110100' })).toEqual(['列表甲店']);
    expect(await names({ areaCode: '110105' })).toEqual(['列表甲店']);
    expect(await names({ keyword: '列表甲' })).toEqual(['列表甲店']);
    expect(await names({ keyword: a.shopCode.toLowerCase() })).toEqual(['列表甲店']);
    const paged = await ok<Page>('POST', PATHS.page, { shopGroupId: other!.id, pageSize: 1, pageNum: 2 });
    expect(paged).toMatchObject({ total: 2, list: [{ shopName: '列表甲店' }] });
    const options = await ok<{ shopCode: string }[]>('POST', PATHS.conditionQuery, {
      shopGroupId: other!.id,
      status: 'open',
    });
    expect(options.map((o) => o.shopCode)).toHaveLength(1);
    for (const [body, message] of [
      [{ areaCode: '11' }, /地区/],
      [{ status: 'lost' }, /状态/],
      [{ pageSize: 101 }, /每页/],
    ] as const)
      await refused('POST', PATHS.page, body, 400, message);
  });
});

describe('closing and reopening', () => {
  it('lists the open work first and refuses to close without confirming it, then closes and reopens', async () => {
    const { store, staff } = await takenOrder(t);
    const work = await ok<OpenWork>('GET', PATHS.openWork, { id: store.id });
    expect(work.orderCount).toBe(1);
    expect(work.items[0]).toMatchObject({ kind: 'order', status: '待发货' });
    await refused('GET', PATHS.editStatus, { id: store.id, status: 'closed' }, 409, /1个未完成订单/);
    expect((await t.db.select().from(stores).where(eq(stores.id, store.id)))[0]!.enabled).toBe(true);
    await refused(
      'GET',
      PATHS.editStatus,
      { id: store.id, status: 'closed', confirmOpenWork: 'yes' },
      400,
      /确认标记/,
    );

    const closed = await ok<StoreAdminRow>('GET', PATHS.editStatus, {
      id: store.id,
      status: 'closed',
      confirmOpenWork: true,
    });
    expect(closed.status).toBe('closed');
    const audit = await expectAuditedChange(t.db, 'store.close', admin.id);
    expect(audit.after).toMatchObject({ openWorkConfirmed: { orderCount: 1 } });
    // The staff member can no longer work in it or pick it.
    const mine = await ok<GroupInfo[]>('POST', PATHS.myGroupInfo, {}, staff.token);
    expect(mine.flatMap((g) => g.shopList).map((s) => s.shopCode)).not.toContain(store.code);
    await refused(
      'GET',
      PATHS.editStatus,
      { id: store.id, status: 'closed', confirmOpenWork: true },
      409,
      /已停业/,
    );

    await ok('GET', PATHS.editStatus, { id: store.id, status: 'open' });
    await expectAuditedChange(t.db, 'store.reopen', admin.id);
    const again = await ok<GroupInfo[]>('POST', PATHS.myGroupInfo, {}, staff.token);
    expect(again.flatMap((g) => g.shopList).map((s) => s.shopCode)).toContain(store.code);
    await refused('GET', PATHS.openWork, { id: 99_999_999 }, 404, /不存在/);
  });

  it('closes a store without open work at once', async () => {
    const row = await ok<StoreAdminRow>('POST', PATHS.add, storeForm({ shopName: '空闲店' }));
    expect((await ok<OpenWork>('GET', PATHS.openWork, { id: row.id })).items).toEqual([]);
    expect((await ok<StoreAdminRow>('GET', PATHS.editStatus, { id: row.id, status: 'closed' })).status).toBe(
      'closed',
    );
  });
});

describe('shop groups', () => {
  it('creates, renames and deletes a group, audited; names are unique; a group with stores stays', async () => {
    const group = await ok<{ id: number; storeCount: number }>('POST', PATHS.groups, {
      frontTitle: '华西一区',
      sort: 3,
    });
    expect(group.storeCount).toBe(0);
    await expectAuditedChange(t.db, 'shopGroup.create', admin.id);
    await refused('POST', PATHS.groups, { frontTitle: '华西一区' }, 409, /已有名为「华西一区」/);
    await refused('POST', PATHS.groups, { frontTitle: '' }, 400, /分组名称/);
    await refused('POST', PATHS.groups, { frontTitle: '甲', sort: -1 }, 400, /排序/);
    await ok('PUT', PATHS.groups, { id: group.id, frontTitle: '华西二区', sort: 4 });
    const audit = await expectAuditedChange(t.db, 'shopGroup.update', admin.id);
    expect(audit.before).toMatchObject({ frontTitle: '华西一区' });
    await refused('PUT', PATHS.groups, { id: group.id, frontTitle: '门店管理测试区' }, 409, /已有名为/);
    await refused('PUT', PATHS.groups, { id: 99_999_999, frontTitle: '无' }, 404, /不存在/);

    await ok('POST', PATHS.add, storeForm({ shopGroupId: group.id, shopName: '分组内店' }));
    await refused('DELETE', PATHS.groups, { id: group.id }, 409, /还有1家门店/);
    const info = await ok<GroupInfo[]>('POST', PATHS.groupInfo, { shopGroupIds: [group.id] });
    expect(info).toMatchObject([
      { frontTitle: '华西二区', storeCount: 1, shopList: [{ shopName: '分组内店' }] },
    ]);

    const empty = await ok<{ id: number }>('POST', PATHS.groups, { frontTitle: '待删分组' });
    await ok('DELETE', PATHS.groups, { id: empty.id });
    await expectAuditedChange(t.db, 'shopGroup.delete', admin.id);
    expect(await t.db.$count(shopGroups, eq(shopGroups.id, empty.id))).toBe(0);
    await refused('DELETE', PATHS.groups, { id: empty.id }, 404, /不存在/);
    const page = await ok<{ list: { frontTitle: string }[] }>('POST', PATHS.groupPage, { keyword: '华西' });
    expect(page.list).toMatchObject([{ frontTitle: '华西二区', storeCount: 1, openCount: 1 }]);
    const main = await ok<{ list: { storeCount: number; openCount: number }[] }>('POST', PATHS.groupPage, {
      keyword: '门店管理测试区',
    });
    expect(main.list[0]!.storeCount).toBeGreaterThan(3);
    expect(main.list[0]!.openCount).toBeLessThan(main.list[0]!.storeCount);
  });

  it('answers a signed-in user their open stores by group', async () => {
    const row = await ok<StoreAdminRow>('POST', PATHS.add, storeForm({ shopName: '授权店' }));
    const user = await createUser(t.db, { roles: ['store_staff'] });
    await t.db.insert(userStores).values({ userId: user.id, storeId: row.id });
    const mine = await ok<GroupInfo[]>('POST', PATHS.myGroupInfo, {}, await signIn(t.app, user));
    expect(mine).toMatchObject([{ frontTitle: '门店管理测试区', shopList: [{ shopCode: row.shopCode }] }]);
  });
});
