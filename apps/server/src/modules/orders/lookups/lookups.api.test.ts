import { LOOKUP_PATHS, type MemberAddress, type MemberSummary, type SkuInfo } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberAddresses, memberFinds, members, skus, valetOrders } from '../../../db/schema.js';
import { bearer } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  TEST_ORIGIN,
  addOrderStaff,
  addOrderStore,
  errorOf,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let staff: OrderStaff;
/** A clerk of `other`: the attacker of the security issue, with an ordinary account of another store. */
let otherClerk: OrderStaff;
let memberId: string;
let memberSerial: number;
/** A member of `other` with a default address there. */
let foreign: { id: number; publicId: string; phone: string; memberNo: string; addressId: number };
const PHONE = `1355${String(Date.now()).slice(-7)}`;
const FOREIGN_PHONE = `1356${String(Date.now()).slice(-7)}`;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db, { at: TEST_ORIGIN });
  other = await addOrderStore(t.db);
  staff = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other], []);
  const [member] = await t.db
    .insert(members)
    .values({
      memberNo: `ML${PHONE.slice(3)}`,
      name: '查找测试会员',
      phone: PHONE,
      points: 1200,
      level: 2,
      homeStoreId: store.id,
    })
    .returning({ id: members.id, publicId: members.publicId });
  memberId = member!.publicId;
  memberSerial = member!.id;
  const [far] = await t.db
    .insert(members)
    .values({
      memberNo: `MF${FOREIGN_PHONE}`,
      name: '外店测试会员',
      phone: FOREIGN_PHONE,
      points: 900,
      homeStoreId: other.id,
    })
    .returning({ id: members.id, publicId: members.publicId, memberNo: members.memberNo });
  const [address] = await t.db
    .insert(memberAddresses)
    .values({
      memberId: far!.id,
      receiverName: '外店测试会员',
      receiverPhone: FOREIGN_PHONE,
      provinceCode: '110000',
      cityCode: '110100',
      countyCode: '110115',
      regionName: '北京市大兴区',
      detail: '外店会员家',
      latitude: TEST_ORIGIN.latitude,
      longitude: TEST_ORIGIN.longitude,
      isDefault: true,
    })
    .returning({ id: memberAddresses.id });
  foreign = { ...far!, phone: FOREIGN_PHONE, addressId: address!.id };
});
afterAll(() => t.close());

const get = (path: string, query: Record<string, string | number>, who: OrderStaff | null = staff) =>
  t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    headers: who ? bearer(who.token) : {},
  });
const post = (path: string, body: object, who: OrderStaff | null = staff, at: OrderStore = store) =>
  staffPost(t, path, who, { storeCode: at.code, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const search = (who: OrderStaff, at: OrderStore, keywords: string) =>
  get(LOOKUP_PATHS.memberByKeywords, { storeCode: at.code, keywords }, who);
const newAddress = (member: string, extra: object = {}) => ({
  memberId: member,
  receiverName: '收货人',
  receiverPhone: '13900000000',
  countyCode: '110115',
  detail: '荣华中路10号',
  latitude: TEST_ORIGIN.latitude + 0.01,
  longitude: TEST_ORIGIN.longitude,
  ...extra,
});
const defaultAddressOf = async (id: number) =>
  (
    await t.db
      .select({ id: memberAddresses.id, detail: memberAddresses.detail })
      .from(memberAddresses)
      .where(and(eq(memberAddresses.memberId, id), eq(memberAddresses.isDefault, true)))
  ).map((a) => a.id);

describe('member lookups', () => {
  it('finds the store’s members by phone, number or name with the phone masked and an opaque id', async () => {
    for (const keywords of [PHONE, PHONE.slice(0, 7), `ml${PHONE.slice(3)}`, '查找测试']) {
      const response = await get(LOOKUP_PATHS.memberByKeywords, { storeCode: store.code, keywords });
      expect(response.statusCode).toBe(200);
      const found = dataOf<MemberSummary[]>(response).find((m) => m.memberId === memberId);
      expect(found, keywords).toMatchObject({ points: 1200, phoneMasked: masked(PHONE) });
      expect(response.body).not.toContain(PHONE);
    }
    expect(memberId).toMatch(/^[0-9a-f]{32}$/);
    const empty = await get(LOOKUP_PATHS.memberByKeywords, { storeCode: store.code, keywords: '' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errorMsg).toContain('请输入搜索关键字');
    const foreignStore = await get(LOOKUP_PATHS.memberByKeywords, { storeCode: other.code, keywords: PHONE });
    expect(foreignStore.statusCode).toBe(403);
    const signedOut = await get(
      LOOKUP_PATHS.memberByKeywords,
      { storeCode: store.code, keywords: PHONE },
      null,
    );
    expect(signedOut.statusCode).toBe(401);
  });

  it('lists another store’s member only for a whole phone or member number, never for a prefix or a name', async () => {
    const clerk = await addOrderStaff(t, [store], []);
    for (const keywords of [FOREIGN_PHONE.slice(0, 7), '外店测试']) {
      const found = dataOf<MemberSummary[]>(await search(clerk, store, keywords));
      expect(
        found.map((m) => m.memberId),
        keywords,
      ).not.toContain(foreign.publicId);
    }
    for (const keywords of [FOREIGN_PHONE, foreign.memberNo.toLowerCase()]) {
      const found = dataOf<MemberSummary[]>(await search(clerk, store, keywords));
      expect(
        found.map((m) => m.memberId),
        keywords,
      ).toEqual([foreign.publicId]);
    }
  });

  it('creates a temporary member once, then finds it; a registered phone answers that member', async () => {
    const phone = `1377${String(Date.now()).slice(-7)}`;
    const first = dataOf<MemberSummary & { created: boolean }>(
      await post(LOOKUP_PATHS.temporaryMemberAdd, { name: '临时顾客', phone }),
    );
    expect(first).toMatchObject({ temporary: true, created: true, points: 0 });
    const again = dataOf<{ memberId: string; created: boolean }>(
      await post(LOOKUP_PATHS.temporaryMemberAdd, { name: '临时顾客', phone }),
    );
    expect(again).toMatchObject({ memberId: first.memberId, created: false });
    const found = dataOf<MemberSummary[]>(
      await get(LOOKUP_PATHS.temporaryMemberByKeywords, { storeCode: store.code, keywords: phone }),
    );
    expect(found.map((m) => m.memberId)).toEqual([first.memberId]);
    const registered = dataOf<MemberSummary[]>(
      await get(LOOKUP_PATHS.memberByKeywords, { storeCode: store.code, keywords: phone }),
    );
    expect(registered).toHaveLength(0);
    const bad = await post(LOOKUP_PATHS.temporaryMemberAdd, { name: '临时顾客', phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errorMsg).toContain('手机号格式不正确');
  });

  it('adds addresses (first one default), lists them with distance, and answers the last valet address', async () => {
    const none = await get(LOOKUP_PATHS.lastValetAddress, { storeCode: store.code, memberId });
    expect(dataOf<MemberAddress | null>(none)).toBeNull();
    const added = await post(LOOKUP_PATHS.addressAdd, newAddress(memberId, { receiverPhone: PHONE }));
    expect(added.statusCode, added.body).toBe(200);
    expect(dataOf<MemberAddress>(added)).toMatchObject({
      isDefault: true,
      regionName: '北京市大兴区',
      withinBikeDistance: true,
      receiverPhoneMasked: masked(PHONE),
    });
    const listed = await post(LOOKUP_PATHS.addressList, { memberId });
    const list = dataOf<MemberAddress[]>(listed);
    expect(list).toHaveLength(1);
    expect(list[0]!.distanceMeters).toBeGreaterThan(1000);
    expect(listed.body).not.toContain(PHONE);
    const last = dataOf<MemberAddress>(
      await get(LOOKUP_PATHS.lastValetAddress, { storeCode: store.code, memberId }),
    );
    expect(last.addressId).toBe(list[0]!.addressId);
    const badCounty = await post(LOOKUP_PATHS.addressAdd, newAddress(memberId, { countyCode: '999999' }));
    expect(badCounty.statusCode).toBe(422);
    expect(errorOf(badCounty).errorMsg).toBe('区县不存在，请重新选择');
    const unknown = await post(LOOKUP_PATHS.addressList, { memberId: 'NoSuchMember0000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).errorMsg).toBe('会员不存在');
    const suggestions = await post(LOOKUP_PATHS.addressByKeywords, { keywords: '荣华中路' });
    expect(dataOf<{ detail: string }[]>(suggestions).map((s) => s.detail)).toContain('荣华中路10号');
  });
});

describe('member data by guessed id (security issue, member data)', () => {
  it('as found: another store’s clerk read and replaced addresses by serial id; now 400 for a serial id and 404 for an id of a member the store does not serve', async () => {
    const serial = await post(LOOKUP_PATHS.addressList, { memberId: memberSerial }, otherClerk, other);
    expect(serial.statusCode).toBe(400);
    expect(errorOf(serial).errorMsg).toBe('会员ID不正确');
    const before = await defaultAddressOf(memberSerial);

    const read = await post(LOOKUP_PATHS.addressList, { memberId }, otherClerk, other);
    expect(read.statusCode).toBe(404);
    expect(errorOf(read)).toMatchObject({ errorCode: 'MEMBER_NOT_FOUND', errorMsg: '会员不存在' });
    const last = await get(LOOKUP_PATHS.lastValetAddress, { storeCode: other.code, memberId }, otherClerk);
    expect(last.statusCode).toBe(404);
    const replace = await post(
      LOOKUP_PATHS.addressAdd,
      newAddress(memberId, { detail: '攻击者的地址', isDefault: true }),
      otherClerk,
      other,
    );
    expect(replace.statusCode).toBe(404);
    expect(errorOf(replace).errorMsg).toBe('会员不存在');
    expect(await defaultAddressOf(memberSerial)).toEqual(before);
    const planted = await t.db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.detail, '攻击者的地址'));
    expect(planted).toHaveLength(0);
  });

  it('a member found by whole phone is served by that session at that store only, until the find expires', async () => {
    const clerk = await addOrderStaff(t, [store], []);
    const colleague = await addOrderStaff(t, [store], []);
    const before = await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, clerk);
    expect(before.statusCode).toBe(404);

    expect((await search(clerk, store, FOREIGN_PHONE)).statusCode).toBe(200);
    const list = await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, clerk);
    expect(list.statusCode, list.body).toBe(200);
    expect(dataOf<MemberAddress[]>(list)[0]).toMatchObject({
      addressId: foreign.addressId,
      receiverPhoneMasked: masked(FOREIGN_PHONE),
    });
    // isDefault moves this member's default only.
    const homeDefault = await defaultAddressOf(memberSerial);
    const added = await post(
      LOOKUP_PATHS.addressAdd,
      newAddress(foreign.publicId, { detail: '新默认地址', isDefault: true }),
      clerk,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(await defaultAddressOf(foreign.id)).toEqual([dataOf<MemberAddress>(added).addressId]);
    expect(await defaultAddressOf(memberSerial)).toEqual(homeDefault);

    // Another session (a colleague at the same counter) did not find them.
    const colleagues = await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, colleague);
    expect(colleagues.statusCode).toBe(404);
    await t.db
      .update(memberFinds)
      .set({ expiresAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(memberFinds.memberId, foreign.id));
    const expired = await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, clerk);
    expect(expired.statusCode).toBe(404);
  });

  it('the hourly sweep deletes expired finds and keeps live ones', async () => {
    const clerk = await addOrderStaff(t, [store], []);
    const colleague = await addOrderStaff(t, [store], []);
    expect((await search(clerk, store, FOREIGN_PHONE)).statusCode).toBe(200);
    expect((await search(colleague, store, FOREIGN_PHONE)).statusCode).toBe(200);
    const finds = () => t.db.select().from(memberFinds).where(eq(memberFinds.memberId, foreign.id));
    const [newest] = (await finds()).sort((a, b) => b.id - a.id);
    await t.db
      .update(memberFinds)
      .set({ expiresAt: new Date(t.clock().getTime() - 1000) })
      .where(eq(memberFinds.id, newest!.id));
    const before = await finds();
    const live = before.filter((row) => row.expiresAt > t.clock()).map((row) => row.id);
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(before.length);

    expect(await t.app.jobs.runNow('members.expired-finds')).toMatchObject({ ok: true, error: null });
    expect((await finds()).map((row) => row.id).sort()).toEqual(live.sort());
  });

  it('a member with an order at the store is served there', async () => {
    const clerk = await addOrderStaff(t, [store], []);
    expect((await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, clerk)).statusCode).toBe(
      404,
    );
    await t.db.insert(valetOrders).values({
      valetOrderNo: `VOM${String(Date.now()).slice(-10)}`,
      kind: 'integral',
      storeId: store.id,
      memberId: foreign.id,
      deliveryType: 'pickup',
      items: [],
      goodsCents: 0,
      payCents: 0,
      createdByUserId: clerk.id,
    });
    expect((await post(LOOKUP_PATHS.addressList, { memberId: foreign.publicId }, clerk)).statusCode).toBe(
      200,
    );
  });

  it('as found: a whole phone told any clerk about a member as often as asked; now 30 look-ups a minute per user (429), each audited with the phone masked', async () => {
    const clerk = await addOrderStaff(t, [store], []);
    const colleague = await addOrderStaff(t, [store], []);
    for (let i = 0; i < 30; i++) {
      const path = i % 2 ? LOOKUP_PATHS.memberByKeywords : LOOKUP_PATHS.temporaryMemberByKeywords;
      const response = await get(path, { storeCode: store.code, keywords: FOREIGN_PHONE }, clerk);
      expect(response.statusCode, `look-up ${i + 1}`).toBe(200);
    }
    const refused = await search(clerk, store, FOREIGN_PHONE);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).errorMsg).toBe('会员查询过于频繁，请1分钟后再试');
    const add = await post(LOOKUP_PATHS.temporaryMemberAdd, { name: '试探', phone: FOREIGN_PHONE }, clerk);
    expect(add.statusCode).toBe(429);
    expect((await search(colleague, store, FOREIGN_PHONE)).statusCode).toBe(200);

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, clerk.id), eq(auditLog.action, 'member.lookup')));
    expect(rows).toHaveLength(30);
    for (const row of rows)
      expect(row.detail).toMatchObject({ storeId: store.id, keywords: masked(FOREIGN_PHONE) });
    expect(rows.filter((row) => row.detail.found === 1)).toHaveLength(15);
    expect(JSON.stringify(rows)).not.toContain(FOREIGN_PHONE);

    const refusals = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, clerk.id), eq(auditLog.action, 'member.lookup_refused')));
    expect(refusals.map((row) => row.target).sort()).toEqual(
      [LOOKUP_PATHS.memberByKeywords, LOOKUP_PATHS.temporaryMemberAdd].sort(),
    );
    expect(JSON.stringify(refusals)).not.toContain(FOREIGN_PHONE);
  });
});

describe('SKU and shop lookups', () => {
  it('lists integral labels and pages integral SKUs by label; getById answers any SKU', async () => {
    const labels = dataOf<{ labelName: string; skuCount: number }[]>(
      await get(LOOKUP_PATHS.integralLabels, { storeCode: store.code }),
    );
    expect(labels).toEqual(expect.arrayContaining([{ labelName: '生活周边', skuCount: 2 }]));
    const page = dataOf<{ list: { skuCode: string }[]; total: number }>(
      await post(LOOKUP_PATHS.integralSkuAppPage, { labelName: '生活周边' }),
    );
    expect(page.list.map((s) => s.skuCode)).toEqual(['I2001', 'I2002']);
    const tooBig = await post(LOOKUP_PATHS.integralSkuPage, { pageSize: 500 });
    expect(tooBig.statusCode).toBe(400);
    const [sku] = await t.db.select({ id: skus.id }).from(skus).limit(1);
    const one = await get(LOOKUP_PATHS.skuById, { storeCode: store.code, id: sku!.id });
    expect(one.statusCode).toBe(200);
    const missing = await get(LOOKUP_PATHS.skuById, { storeCode: store.code, id: 99_999_999 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).errorMsg).toBe('商品不存在');
  });

  it('pages the uEnjoy shelf: on-sale subscriptions cheapest first, by name or code, with their cycle', async () => {
    await t.db.insert(skus).values({
      skuCode: 'U3999',
      name: '已下架吐司订阅',
      spec: '2期·每7天',
      kind: 'uenjoy',
      priceCents: 100,
      cyclePeriods: 2,
      cycleIntervalDays: 7,
      enabled: false,
    });
    type Page = { list: SkuInfo[]; total: number; pageNum: number; pageSize: number };
    const shelf = (body: object) => post(LOOKUP_PATHS.uenjoySkuAppPage, body);
    const first = dataOf<Page>(await shelf({ pageSize: 2 }));
    expect(first).toMatchObject({ total: 4, pageNum: 1, pageSize: 2 });
    expect(first.list.map((s) => s.skuCode)).toEqual(['U3001', 'U3002']);
    expect(first.list[0]).toMatchObject({
      name: '每周鲜奶吐司',
      spec: '4期·每7天',
      kind: 'uenjoy',
      priceCents: 6800,
      cyclePeriods: 4,
      cycleIntervalDays: 7,
    });
    const second = dataOf<Page>(await shelf({ pageNum: 2, pageSize: 2 }));
    expect(second.list.map((s) => s.skuCode)).toEqual(['U3003', 'U3004']);
    expect(dataOf<Page>(await shelf({ pageNum: 3, pageSize: 2 })).list).toEqual([]);
    const byName = dataOf<Page>(await shelf({ keyword: '吐司' }));
    expect(byName.list.map((s) => s.skuCode)).toEqual(['U3001']);
    const byCode = dataOf<Page>(await shelf({ keyword: ' u3004 ' }));
    expect(byCode.list.map((s) => s.name)).toEqual(['茶树认养·西湖龙井一年期']);
    expect(dataOf<Page>(await shelf({ keyword: '帆布袋' })).total).toBe(0);
  });

  it('refuses the uEnjoy shelf without a store (400), for another store (403) and for bad paging (400)', async () => {
    const noStore = await staffPost(t, LOOKUP_PATHS.uenjoySkuAppPage, staff, {});
    expect(noStore.statusCode).toBe(400);
    expect(errorOf(noStore).errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    const foreign = await post(LOOKUP_PATHS.uenjoySkuAppPage, { storeCode: other.code });
    expect(foreign.statusCode).toBe(403);
    const signedOut = await post(LOOKUP_PATHS.uenjoySkuAppPage, {}, null);
    expect(signedOut.statusCode).toBe(401);
    for (const [body, message] of [
      [{ pageSize: 51 }, '每页最多50条'],
      [{ pageNum: 0 }, '页码不正确'],
      [{ pageNum: '1' }, '页码不正确'],
      [{ keyword: 'x'.repeat(33) }, '关键字不能超过32个字符'],
      [{ keyword: 42 }, '关键字格式不正确'],
    ] as const) {
      const response = await post(LOOKUP_PATHS.uenjoySkuAppPage, body);
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });

  it('answers shop info for an authorised store only, the bike distance and the uEnjoy stores', async () => {
    const mine = await get(LOOKUP_PATHS.shopById, { id: store.id });
    expect(dataOf<{ shopCode: string; bikeDistanceMeters: number }>(mine)).toMatchObject({
      shopCode: store.code,
      bikeDistanceMeters: 5000,
    });
    expect((await get(LOOKUP_PATHS.shopById, { id: other.id })).statusCode).toBe(403);
    expect((await get(LOOKUP_PATHS.shopById, { id: 99_999_999 })).statusCode).toBe(404);
    expect((await get(LOOKUP_PATHS.shopById, { id: 'abc' })).statusCode).toBe(400);
    const bike = await post(LOOKUP_PATHS.bikeDistance, {});
    expect(dataOf<{ bikeDistanceMeters: number }>(bike).bikeDistanceMeters).toBe(5000);
    const shops = dataOf<{ shopCode: string; distanceMeters: number }[]>(
      await post(LOOKUP_PATHS.uenjoyShops, {}),
    );
    expect(shops[0]).toMatchObject({ shopCode: store.code, distanceMeters: 0 });
  });
});
