import { STORE_PATHS } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, departments, shopGroups, stores, users, userStores } from '../../db/schema.js';
import { bearer, createUser, signIn, type TestUser } from '../../test/fixtures.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let aliceToken: string;
let bobToken: string;
let adminToken: string;
let northDept: number;
let southDept: number;
let staffId: number;
const ids: Record<string, number> = {};

const CHINESE = /[\u4e00-\u9fa5]/;

type StoreRow = {
  code: string;
  name: string;
  group: number;
  at: [number, number];
  dept?: number;
  confirmed?: boolean;
};

async function addStore(row: StoreRow) {
  const [store] = await t.db
    .insert(stores)
    .values({
      shopCode: row.code,
      shopName: row.name,
      businessScopeName: `北京${row.name}`,
      shopGroupId: row.group,
      shopPhone: '010-66668888',
      shopProvinceCode: '110000',
      shopCityCode: '110100',
      shopCountyCode: '110105',
      shopProvinceName: '北京市',
      shopCityName: '市辖区',
      shopCountyName: '朝阳区',
      shopDetailAddress: `${row.name}路1号`,
      shopAddress: `北京市朝阳区${row.name}路1号`,
      latitude: row.at[0],
      longitude: row.at[1],
      organizeId: row.dept ?? null,
      infoConfirmed: row.confirmed ?? true,
    })
    .returning({ id: stores.id });
  ids[row.code] = store!.id;
}

const grant = (userId: number, ...codes: string[]) =>
  t.db.insert(userStores).values(codes.map((code) => ({ userId, storeId: ids[code]! })));

const post = (url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload: payload as object,
  });

function validSave(overrides: Record<string, unknown> = {}) {
  return {
    id: ids.TA01,
    shopCode: 'TA01',
    shopName: '亦庄店',
    shopPhone: '010-87654321',
    shopProvinceCode: '110000',
    shopCityCode: '110100',
    shopCountyCode: '110115',
    shopProvinceName: '北京市',
    shopCityName: '市辖区',
    shopCountyName: '大兴区',
    shopDetailAddress: '荣华中路10号',
    latitude: 39.7953,
    longitude: 116.5061,
    contactsId: null,
    contactsName: '',
    contactsPhone: '',
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const [north, south] = await t.db
    .insert(shopGroups)
    .values([
      { frontTitle: '华北一区', sort: 1 },
      { frontTitle: '华南一区', sort: 2 },
    ])
    .returning({ id: shopGroups.id });
  const [dn, ds] = await t.db
    .insert(departments)
    .values([{ name: '北区门店部' }, { name: '南区门店部' }])
    .returning({ id: departments.id });
  northDept = dn!.id;
  southDept = ds!.id;
  const [child] = await t.db
    .insert(departments)
    .values({ name: '北区一组', parentId: northDept })
    .returning({ id: departments.id });
  // Alice: four Beijing stores (one without location, one unconfirmed); Bob: two Guangzhou stores.
  await addStore({
    code: 'TA01',
    name: '亦庄店',
    group: north!.id,
    at: [39.7953, 116.5061],
    dept: northDept,
    confirmed: false,
  });
  await addStore({
    code: 'TA02',
    name: '国贸店',
    group: north!.id,
    at: [39.9087, 116.4605],
    dept: northDept,
  });
  await addStore({
    code: 'TA03',
    name: '昌平店',
    group: north!.id,
    at: [40.2207, 116.2312],
    dept: northDept,
  });
  await addStore({ code: 'TA04', name: '未定位店', group: south!.id, at: [0, 0], dept: northDept });
  await addStore({
    code: 'TB01',
    name: '天河店',
    group: south!.id,
    at: [23.1322, 113.3226],
    dept: southDept,
  });
  await addStore({
    code: 'TB02',
    name: '越秀店',
    group: south!.id,
    at: [23.1291, 113.2644],
    dept: southDept,
  });
  alice = await createUser(t.db, { roles: ['clerk'] });
  bob = await createUser(t.db, { roles: ['clerk'] });
  admin = await createUser(t.db, { roles: ['admin'] });
  await grant(alice.id, 'TA01', 'TA02', 'TA03', 'TA04');
  await grant(bob.id, 'TB01', 'TB02');
  await t.db.update(users).set({ deptId: northDept }).where(eq(users.id, alice.id));
  const staff = await createUser(t.db);
  staffId = staff.id;
  await t.db.update(users).set({ deptId: child!.id, nickName: '门店店员' }).where(eq(users.id, staffId));
  const disabled = await createUser(t.db, { enabled: false });
  await t.db.update(users).set({ deptId: northDept }).where(eq(users.id, disabled.id));
  await t.db.update(users).set({ deptId: southDept }).where(eq(users.id, bob.id));
  [aliceToken, bobToken, adminToken] = await Promise.all([
    signIn(t.app, alice),
    signIn(t.app, bob),
    signIn(t.app, admin),
  ]);
});
afterAll(() => t.close());

/** Every store-scoped route with a body naming the store `code` (or none). */
const scopedRoutes: {
  name: string;
  url: string;
  body: (code: string | undefined, userId: number) => object;
}[] = [
  {
    name: 'save current store',
    url: STORE_PATHS.saveLastStore,
    body: (code, userId) => ({ storeCode: code, userId }),
  },
  { name: 'info modify status', url: STORE_PATHS.infoStatus, body: (code) => ({ shopCode: code }) },
  { name: 'store detail', url: STORE_PATHS.detail, body: (code) => ({ shopCode: code }) },
  {
    name: 'store info save',
    url: STORE_PATHS.save,
    body: (code) => validSave({ shopCode: code, id: undefined }),
  },
  {
    name: 'staff list',
    url: STORE_PATHS.staffList,
    body: (code) => ({ shopCode: code, deptIds: [northDept] }),
  },
];

describe('store scope on every store-scoped route', () => {
  for (const route of scopedRoutes) {
    it(`${route.name}: a foreign store is 403`, async () => {
      const response = await post(route.url, aliceToken, route.body('TB01', alice.id));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        result: 1,
        errorMsg: '您无权访问该门店',
        errorCode: 'STORE_FORBIDDEN',
      });
    });

    it(`${route.name}: an unknown store is 403 too (existence is not revealed)`, async () => {
      const response = await post(route.url, aliceToken, route.body('NOPE99', alice.id));
      expect(response.statusCode).toBe(403);
    });

    it(`${route.name}: a missing store code is 400`, async () => {
      const response = await post(route.url, aliceToken, route.body(undefined, alice.id));
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toBe('缺少门店编号');
    });

    it(`${route.name}: admin is authorised only through its own store rows`, async () => {
      const response = await post(route.url, adminToken, route.body('TA02', admin.id));
      expect(response.statusCode).toBe(403);
    });

    it(`${route.name}: needs a session`, async () => {
      const response = await post(route.url, null, route.body('TA02', alice.id));
      expect(response.statusCode).toBe(401);
    });
  }

  it('takes the store from X-Store-Code when the body names none', async () => {
    const own = await post(
      STORE_PATHS.staffList,
      aliceToken,
      { deptIds: [northDept] },
      { 'x-store-code': 'TA02' },
    );
    expect(own.statusCode).toBe(200);
    const foreign = await post(
      STORE_PATHS.staffList,
      aliceToken,
      { deptIds: [northDept] },
      { 'x-store-code': 'TB01' },
    );
    expect(foreign.statusCode).toBe(403);
  });

  it('ignores identity headers: the user is the token', async () => {
    const response = await post(
      STORE_PATHS.detail,
      aliceToken,
      { shopCode: 'TB01' },
      { 'x-user-name': bob.username, 'x-work-code': 'W1', 'x-store-code': 'TB01' },
    );
    expect(response.statusCode).toBe(403);
  });

  it('200 parallel requests alternating two users never return the other store', async () => {
    const requests = Array.from({ length: 200 }, (_, i) => {
      const asAlice = i % 2 === 0;
      const token = asAlice ? aliceToken : bobToken;
      const code = asAlice ? (i % 4 === 0 ? 'TA01' : 'TA02') : i % 4 === 1 ? 'TB01' : 'TB02';
      const call =
        i % 3 === 0
          ? post(STORE_PATHS.shopGroups, token, { pageNum: 1, pageSize: 10 })
          : i % 3 === 1
            ? post(STORE_PATHS.detail, token, { shopCode: code })
            : post(STORE_PATHS.authInfo, token, { userId: asAlice ? alice.id : bob.id });
      return call.then((response) => ({ asAlice, response }));
    });
    const results = await Promise.all(requests);
    for (const { asAlice, response } of results) {
      expect(response.statusCode).toBe(200);
      const body = response.body;
      const foreign = asAlice ? /TB0\d/ : /TA0\d/;
      expect(body).not.toMatch(foreign);
      expect(body).toMatch(asAlice ? /TA0\d/ : /TB0\d/);
    }
  });
});

describe('last-used store', () => {
  it('round-trips through save and fetch, and forgets a store no longer authorised', async () => {
    const before = await post(STORE_PATHS.lastStore, bobToken, { userId: bob.id });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ result: 0, data: null });

    const saved = await post(STORE_PATHS.saveLastStore, bobToken, { storeCode: 'TB02', userId: bob.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ result: 0, data: null, errorMsg: null, errorCode: null });

    const after = await post(STORE_PATHS.lastStore, bobToken, { userId: bob.id });
    expect(after.json().data).toEqual({
      storeCode: 'TB02',
      addressId: 'TB02',
      frontTitle: '华南一区',
      businessScopeName: '北京越秀店',
    });

    await t.db
      .delete(userStores)
      .where(and(eq(userStores.userId, bob.id), eq(userStores.storeId, ids.TB02!)));
    try {
      const revoked = await post(STORE_PATHS.lastStore, bobToken, { userId: bob.id });
      expect(revoked.json().data).toBeNull();
    } finally {
      await grant(bob.id, 'TB02');
    }
  });

  it("refuses another user's id, even for admin", async () => {
    expect((await post(STORE_PATHS.lastStore, adminToken, { userId: alice.id })).statusCode).toBe(403);
    expect(
      (await post(STORE_PATHS.saveLastStore, aliceToken, { storeCode: 'TA01', userId: bob.id })).statusCode,
    ).toBe(403);
  });

  it('rejects bad input with a Chinese message', async () => {
    for (const body of [{}, { userId: 'abc' }, { userId: -1 }, { userId: 1.5 }]) {
      const response = await post(STORE_PATHS.lastStore, aliceToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    const oversize = await post(STORE_PATHS.saveLastStore, aliceToken, {
      storeCode: 'X'.repeat(40),
      userId: alice.id,
    });
    expect(oversize.statusCode).toBe(400);
    expect(oversize.json().errorMsg).toBe('门店编号格式不正确');
  });
});

describe('POST /api/users/query/shopGroup/v2', () => {
  const codesOf = (data: { list: { shopList: { addressId: string }[] }[] }) =>
    data.list.flatMap((g) => g.shopList.map((s) => s.addressId));

  it('lists authorised stores nearest first from the default position, unlocated last', async () => {
    const response = await post(STORE_PATHS.shopGroups, aliceToken, { pageNum: 1, pageSize: 10 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ result: 0, success: true, errorMsg: null });
    expect(body.data.total).toBe(4);
    expect(codesOf(body.data)).toEqual(['TA01', 'TA02', 'TA03', 'TA04']);
    expect(body.data.list.map((g: { frontTitle: string }) => g.frontTitle)).toEqual(['华北一区', '华南一区']);
    const first = body.data.list[0].shopList[0];
    expect(first).toMatchObject({ addressId: 'TA01', businessScopeName: '北京亦庄店', shopName: '亦庄店' });
    expect(first.distanceKm).toBeLessThan(3);
    expect(body.data.list[1].shopList[0].distanceKm).toBeNull();
  });

  it('orders from the caller coordinates', async () => {
    const response = await post(STORE_PATHS.shopGroups, aliceToken, {
      pageNum: 1,
      pageSize: 10,
      latitude: 40.22,
      longitude: 116.23,
    });
    expect(codesOf(response.json().data)).toEqual(['TA03', 'TA02', 'TA01', 'TA04']);
  });

  it('pages over stores with the full total', async () => {
    const page1 = (await post(STORE_PATHS.shopGroups, aliceToken, { pageNum: 1, pageSize: 3 })).json().data;
    const page2 = (await post(STORE_PATHS.shopGroups, aliceToken, { pageNum: 2, pageSize: 3 })).json().data;
    const page3 = (await post(STORE_PATHS.shopGroups, aliceToken, { pageNum: 3, pageSize: 3 })).json().data;
    expect([page1.total, page2.total, page3.total]).toEqual([4, 4, 4]);
    expect(codesOf(page1)).toEqual(['TA01', 'TA02', 'TA03']);
    expect(codesOf(page2)).toEqual(['TA04']);
    expect(page3.list).toEqual([]);
  });

  it('searches code, name, business scope name and address', async () => {
    const search = async (searchKeyWord: string) =>
      (await post(STORE_PATHS.shopGroups, aliceToken, { pageNum: 1, pageSize: 10, searchKeyWord })).json()
        .data;
    expect(codesOf(await search('ta02'))).toEqual(['TA02']);
    expect(codesOf(await search('昌平'))).toEqual(['TA03']);
    expect(codesOf(await search('国贸店路1号'))).toEqual(['TA02']);
    const none = await search('天河');
    expect(none).toEqual({ list: [], total: 0 });
    expect((await search('%')).total).toBe(0);
  });

  it('gives a user without stores nothing, admin included', async () => {
    const response = await post(STORE_PATHS.shopGroups, adminToken, { pageNum: 1, pageSize: 10 });
    expect(response.json().data).toEqual({ list: [], total: 0 });
  });

  it('rejects bad input with a Chinese message', async () => {
    for (const body of [
      { pageNum: 0, pageSize: 10 },
      { pageNum: 1, pageSize: 51 },
      { pageNum: 'x', pageSize: 10 },
      { pageNum: 1, pageSize: 10, latitude: 91 },
      { pageNum: 1, pageSize: 10, longitude: 'east' },
      { pageNum: 1, pageSize: 10, searchKeyWord: '店'.repeat(51) },
    ]) {
      const response = await post(STORE_PATHS.shopGroups, aliceToken, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
  });
});

describe('store info', () => {
  it('detail answers every Store detail field', async () => {
    const response = await post(STORE_PATHS.detail, aliceToken, { shopCode: 'TA02' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: ids.TA02,
      shopCode: 'TA02',
      shopName: '国贸店',
      shopPhone: '010-66668888',
      shopProvinceCode: '110000',
      shopCityCode: '110100',
      shopCountyCode: '110105',
      shopProvinceName: '北京市',
      shopCityName: '市辖区',
      shopCountyName: '朝阳区',
      shopDetailAddress: '国贸店路1号',
      shopAddress: '北京市朝阳区国贸店路1号',
      latitude: 39.9087,
      longitude: 116.4605,
      contactsId: null,
      contactsName: '',
      contactsPhone: '',
      organizeId: northDept,
      infoConfirmed: true,
    });
  });

  it('validates the store-info form with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ shopName: '' }, '请选择门店'],
      [{ shopName: undefined }, '请选择门店'],
      [{ shopPhone: '' }, '请输入联系电话'],
      [{ shopPhone: '12345' }, '联系电话格式不正确'],
      [{ shopPhone: '12012345678' }, '联系电话格式不正确'],
      [{ shopDetailAddress: '  ' }, '请输入详细地址'],
      [{ latitude: 0, longitude: 0 }, '请设置门店定位信息'],
      [{ latitude: null }, '请设置门店定位信息'],
      [{ longitude: undefined }, '请设置门店定位信息'],
      [{ shopCountyCode: '440106' }, '请选择正确的省市区'],
      [{ shopCountyCode: '119999' }, '请选择正确的省市区'],
      [{ shopCityCode: 'abc' }, '请选择'],
      [{ shopDetailAddress: '路'.repeat(256) }, '详细地址不能超过255个字'],
      [{ id: ids.TA02 }, '门店信息不匹配，请刷新后重试'],
      [{ contactsId: staffId + 1000 }, '请从门店员工中选择联系人'],
      [{ contactsId: bob.id }, '请从门店员工中选择联系人'],
      [{ contactsPhone: 'abc' }, '联系人电话格式不正确'],
    ];
    for (const [overrides, message] of cases) {
      const response = await post(STORE_PATHS.save, aliceToken, validSave(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().errorMsg, JSON.stringify(overrides)).toBe(message);
    }
    const status = await post(STORE_PATHS.infoStatus, aliceToken, { shopCode: 'TA01' });
    expect(status.json()).toMatchObject({ result: 0, data: null });
  });

  it('saves, flips infoConfirmed, fills the contact and writes the audit log', async () => {
    const before = await post(STORE_PATHS.infoStatus, aliceToken, { shopCode: 'TA01' });
    expect(before.json().data).toBeNull();
    const previous = (await post(STORE_PATHS.detail, aliceToken, { shopCode: 'TA01' })).json().data;

    const response = await post(
      STORE_PATHS.save,
      aliceToken,
      validSave({ shopPhone: '13800138000', contactsId: staffId, contactsName: '', contactsPhone: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 0, data: null, errorMsg: null, errorCode: null });

    const after = await post(STORE_PATHS.infoStatus, aliceToken, { shopCode: 'TA01' });
    expect(after.json().data).toEqual({ infoConfirmed: true, confirmedAt: expect.any(String) });

    const detail = (await post(STORE_PATHS.detail, aliceToken, { shopCode: 'TA01' })).json().data;
    expect(detail).toMatchObject({
      shopPhone: '13800138000',
      shopCountyCode: '110115',
      shopCountyName: '大兴区',
      shopAddress: '北京市大兴区荣华中路10号',
      contactsId: staffId,
      contactsName: '门店店员',
      infoConfirmed: true,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store.info.save'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: alice.id, target: 'TA01' });
    const change = await expectAuditedChange(t.db, 'store.info.save', alice.id);
    expect(change.before).toMatchObject({ shopName: previous.shopName, shopPhone: previous.shopPhone });
    expect(change.after).toMatchObject({
      shopPhone: '13800138000',
      shopCountyCode: '110115',
      contactsId: staffId,
      contactsName: '门店店员',
    });
  });
});

describe('reference calls', () => {
  it('area tree: provinces, cities and counties with 6-digit codes', async () => {
    const response = await post(STORE_PATHS.areaTree, aliceToken, { areaLevel: 4 });
    expect(response.statusCode).toBe(200);
    const tree = response.json().data as {
      id: string;
      name: string;
      children?: { id: string; children?: unknown[] }[];
    }[];
    expect(tree.length).toBeGreaterThanOrEqual(31);
    const beijing = tree.find((p) => p.id === '110000')!;
    expect(beijing.name).toBe('北京市');
    expect(beijing.children![0]!.id).toBe('110100');
    expect(JSON.stringify(beijing)).toContain('"id":"110105","name":"朝阳区"');
    const provincesOnly = (await post(STORE_PATHS.areaTree, aliceToken, { areaLevel: 1 })).json().data;
    expect(provincesOnly[0].children).toBeUndefined();
    for (const body of [{ areaLevel: 0 }, { areaLevel: 5 }, { areaLevel: '4' }]) {
      const bad = await post(STORE_PATHS.areaTree, aliceToken, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMsg).toBe('区域层级不正确');
    }
  });

  it('place search answers seeded places and only the caller’s own stores', async () => {
    const lake = (await post(STORE_PATHS.placeSearch, aliceToken, { keyword: '西湖' })).json().data;
    expect(lake[0]).toMatchObject({ title: '西湖', adcode: '330106', location: { lat: expect.any(Number) } });
    const own = (await post(STORE_PATHS.placeSearch, aliceToken, { keyword: '国贸店路' })).json().data;
    expect(own.map((p: { id: string }) => p.id)).toEqual(['store-TA02']);
    const foreign = (await post(STORE_PATHS.placeSearch, aliceToken, { keyword: '天河店路' })).json().data;
    expect(foreign).toEqual([]);
    const many = (await post(STORE_PATHS.placeSearch, aliceToken, { keyword: '北京' })).json().data;
    expect(many.length).toBeLessThanOrEqual(10);
    for (const body of [{}, { keyword: '' }, { keyword: 'x'.repeat(51) }, { keyword: 5 }]) {
      const bad = await post(STORE_PATHS.placeSearch, aliceToken, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorMsg).toMatch(CHINESE);
    }
  });

  it("staff list: enabled staff of the store's departments only", async () => {
    const response = await post(STORE_PATHS.staffList, aliceToken, {
      shopCode: 'TA02',
      deptIds: [northDept],
      pageIndex: 1,
      pageSize: 100,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(1);
    expect(data.list).toEqual([{ userId: alice.id, name: expect.any(String), phone: alice.phone }]);
    const foreignDept = await post(STORE_PATHS.staffList, aliceToken, {
      shopCode: 'TA02',
      deptIds: [southDept],
    });
    expect(foreignDept.statusCode).toBe(403);
    expect(foreignDept.json().errorMsg).toBe('您无权查看该部门的员工');
    for (const body of [
      { shopCode: 'TA02', deptIds: [] },
      { shopCode: 'TA02', deptIds: 'all' },
      { shopCode: 'TA02', deptIds: [northDept], pageSize: 101 },
      { shopCode: 'TA02', deptIds: [northDept], pageIndex: 0 },
    ]) {
      const bad = await post(STORE_PATHS.staffList, aliceToken, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errorMsg).toMatch(CHINESE);
    }
  });

  it("authorisation info: the caller's roles and store codes, own id only", async () => {
    const response = await post(STORE_PATHS.authInfo, aliceToken, { userId: alice.id });
    expect(response.json().data).toEqual({
      roleBaseInfoDTOList: [{ roleId: expect.any(Number), roleName: 'clerk', permission: 'clerk' }],
      storeCodeList: ['TA01', 'TA02', 'TA03', 'TA04'],
    });
    const adminInfo = (await post(STORE_PATHS.authInfo, adminToken, { userId: admin.id })).json().data;
    expect(adminInfo.storeCodeList).toEqual([]);
    expect((await post(STORE_PATHS.authInfo, aliceToken, { userId: bob.id })).statusCode).toBe(403);
    expect((await post(STORE_PATHS.authInfo, aliceToken, { userId: 'me' })).statusCode).toBe(400);
  });

  it('log-out action records the action and revokes the session', async () => {
    const token = await signIn(t.app, bob);
    const response = await post(STORE_PATHS.logoutAction, token, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBeNull();
    expect((await post(STORE_PATHS.authInfo, token, { userId: bob.id })).statusCode).toBe(401);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store-console.logout'));
    expect(audit.map((a) => a.userId)).toContain(bob.id);
  });

  it('every call needs a session', async () => {
    for (const url of [
      STORE_PATHS.lastStore,
      STORE_PATHS.shopGroups,
      STORE_PATHS.areaTree,
      STORE_PATHS.placeSearch,
      STORE_PATHS.authInfo,
      STORE_PATHS.logoutAction,
    ]) {
      expect((await post(url, null, {})).statusCode, url).toBe(401);
    }
  });
});
