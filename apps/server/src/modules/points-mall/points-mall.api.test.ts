import {
  INTEGRAL_CLASS_PATHS as PATHS,
  type ClassSkuRow,
  type IntegralClassDetail,
  type IntegralClassRow,
  type Page,
  type ShelfSkuRow,
  type StoreShelfRow,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skus } from '../../db/schema.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { bearer } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  staffPost,
  TEST_ORIGIN,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';

/** Points-mall classes and shelves (docs/domain/points-mall.md): the twelve cms calls, rules and isolation. */
let t: TestApp;
let near: OrderStore;
let far: OrderStore;
let headOffice: OrderStaff;
let nearClerk: OrderStaff;
let farClerk: OrderStaff;
let skuIds: number[];
let retailSkuId: number;

const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const get = (url: string, who: OrderStaff, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: bearer(who.token), query });
const terms = (skuId: number, overrides: Record<string, unknown> = {}) => ({
  skuId,
  points: 500,
  cashCents: 0,
  perMemberLimit: 2,
  validFrom: '2026-01-01',
  validTo: '2026-12-31',
  ...overrides,
});
let classSeq = 0;
async function savedClass(body: Record<string, unknown> = {}) {
  const response = await staffPost(t, PATHS.saveClassSku, headOffice, {
    name: `测试分类${++classSeq}`,
    skus: [],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<IntegralClassDetail>(response);
}
const shelve = (who: OrderStaff, at: OrderStore, skuId: number, onShelf = true, stock = 5) =>
  staffPost(t, PATHS.shelvesState, who, { storeCode: at.code, skuId, onShelf, stock });
const classList = async (who: OrderStaff, at: OrderStore) =>
  dataOf<IntegralClassRow[]>(await get(PATHS.getList, who, { storeCode: at.code }));

beforeAll(async () => {
  t = await createTestApp();
  near = await addOrderStore(t.db, { name: '积分近店' });
  far = await addOrderStore(t.db, {
    name: '积分远店',
    at: { latitude: TEST_ORIGIN.latitude + 0.05, longitude: TEST_ORIGIN.longitude },
  });
  headOffice = await addOrderStaff(
    t,
    [near, far],
    ['head_office', 'integralClass:edit', 'integralClass:sort', 'integralClass:setManageAuth'],
  );
  nearClerk = await addOrderStaff(t, [near], ['integralClass:shelves']);
  farClerk = await addOrderStaff(t, [far], ['integralClass:shelves']);
  const rows = await t.db
    .insert(skus)
    .values([
      { skuCode: 'PMT01', name: '积分测试帆布袋', kind: 'integral', priceCents: 0, points: 800 },
      { skuCode: 'PMT02', name: '积分测试保温杯', kind: 'integral', priceCents: 0, points: 2600 },
      { skuCode: 'PMT03', name: '积分测试模具', kind: 'integral', priceCents: 990, points: 1500 },
      { skuCode: 'PMR01', name: '积分测试零售', kind: 'retail', priceCents: 1000 },
    ])
    .returning({ id: skus.id });
  skuIds = rows.slice(0, 3).map((r) => r.id);
  retailSkuId = rows[3]!.id;
});
afterAll(() => t.close());

describe('head office edits classes', () => {
  it('saves a class with SKUs and their terms, reads it back, and audits every change', async () => {
    const c = await savedClass({
      name: '生活周边',
      skus: [terms(skuIds[1]!, { cashCents: 1990 }), terms(skuIds[0]!, { validFrom: null, validTo: null })],
    });
    expect(c.skus.map((s) => s.skuId)).toEqual([skuIds[1], skuIds[0]]);
    expect(c.skus[0]).toMatchObject({
      points: 500,
      cashCents: 1990,
      perMemberLimit: 2,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      shelfStoreCount: 0,
    });
    expect(c.skus[1]).toMatchObject({ validFrom: null, validTo: null });

    const read = await get(PATHS.selectClassSkuById.replace(':id', String(c.id)), headOffice);
    expect(dataOf<IntegralClassDetail>(read)).toMatchObject({ id: c.id, name: '生活周边', skuCount: 2 });

    const edited = await savedClass({
      id: c.id,
      name: '生活周边',
      enabled: false,
      skus: [terms(skuIds[0]!)],
    });
    expect(edited).toMatchObject({ enabled: false, skuCount: 1 });

    const page = await staffPost(t, PATHS.getSkuPageInfo, headOffice, { classId: c.id, pageSize: 10 });
    expect(dataOf<Page<ClassSkuRow>>(page)).toMatchObject({ total: 1, list: [{ skuCode: 'PMT01' }] });

    expect(await expectAuditedChange(t.db, 'integral_class.add', headOffice.id)).toMatchObject({
      after: { name: '生活周边' },
    });
    const update = await expectAuditedChange(t.db, 'integral_class.update', headOffice.id);
    expect(update).toMatchObject({
      before: { enabled: true, skuCount: 2 },
      after: { enabled: false, skuCount: 1 },
    });
  });

  it('refuses bad input with Chinese 4xx messages', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '' }, 400, '请输入分类名称'],
      [{ name: '甲'.repeat(33) }, 400, '分类名称不能超过32个字'],
      [{ name: '坏价', skus: [terms(skuIds[0]!, { points: 0 })] }, 400, '所需积分须在1到1000000之间'],
      [{ name: '坏价', skus: [terms(skuIds[0]!, { cashCents: 1.5 })] }, 400, '加价金额须为整数（分）'],
      [{ name: '坏价', skus: [terms(skuIds[0]!, { cashCents: -1 })] }, 400, '加价金额须在0到1000000之间'],
      [
        { name: '坏窗', skus: [terms(skuIds[0]!, { validFrom: '2026-05-01', validTo: '2026-04-01' })] },
        400,
        '兑换开始日期不能晚于结束日期',
      ],
      [{ name: '重复', skus: [terms(skuIds[0]!), terms(skuIds[0]!)] }, 400, '分类商品不能重复'],
      [{ name: '零售', skus: [terms(retailSkuId)] }, 422, '所选商品不存在或不是积分商品'],
      [{ id: 999_999, name: '无此' }, 404, '积分分类不存在'],
    ];
    for (const [body, status, message] of cases) {
      const response = await staffPost(t, PATHS.saveClassSku, headOffice, { skus: [], ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).errorMsg).toContain(message);
    }
    await savedClass({ name: '同名分类' });
    const twin = await staffPost(t, PATHS.saveClassSku, headOffice, { name: '同名分类', skus: [] });
    expect(twin.statusCode).toBe(409);
    expect(errorOf(twin).errorMsg).toBe('分类名称已存在，请换一个名称');
  });

  it('puts every class in a new order; a stale order is 409', async () => {
    await savedClass();
    const ids = (await classList(headOffice, near)).map((c) => c.id);
    const reversed = [...ids].reverse();
    const sorted = await staffPost(t, PATHS.updateSort, headOffice, { ids: reversed });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(dataOf<IntegralClassRow[]>(sorted).map((c) => c.id)).toEqual(reversed);
    expect((await classList(nearClerk, near)).map((c) => c.id)).toEqual(reversed);

    const stale = await staffPost(t, PATHS.updateSort, headOffice, { ids: reversed.slice(1) });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).errorMsg).toBe('分类已有增减，请刷新后重新排序');
    const twice = await staffPost(t, PATHS.updateSort, headOffice, { ids: [ids[0], ids[0]] });
    expect(errorOf(twice).errorMsg).toBe('分类不能重复');
    expect(await expectAuditedChange(t.db, 'integral_class.sort', headOffice.id)).toMatchObject({
      after: { ids: reversed },
    });
  });

  it('only head office with the button permission changes classes', async () => {
    const asClerk = await staffPost(t, PATHS.saveClassSku, nearClerk, { name: '门店分类', skus: [] });
    expect(asClerk.statusCode).toBe(403);
    const reader = await addOrderStaff(t, [near], ['head_office']);
    const noButton = await staffPost(t, PATHS.updateSort, reader, { ids: [1] });
    expect(noButton.statusCode).toBe(403);
    const readable = await staffPost(t, PATHS.getNoShopSkuList, reader, {});
    expect(readable.statusCode).toBe(200);
    const storeRead = await staffPost(t, PATHS.skuStorePageInfo, nearClerk, {});
    expect(storeRead.statusCode).toBe(403);
  });
});

describe('stores shelve the classes they manage', () => {
  let classId: number;
  beforeAll(async () => {
    classId = (await savedClass({ name: '烘焙工具', skus: [terms(skuIds[2]!), terms(skuIds[1]!)] })).id;
    const auth = await staffPost(t, PATHS.setManageAuth, headOffice, { classId, storeCodes: [near.code] });
    expect(auth.statusCode, auth.body).toBe(200);
    expect(dataOf<IntegralClassDetail>(auth).storeCodes).toEqual([near.code]);
    expect(await expectAuditedChange(t.db, 'integral_class.set_manage_auth', headOffice.id)).toMatchObject({
      before: { storeCodes: [] },
      after: { storeCodes: [near.code] },
    });
  });

  it('a managing store shelves a SKU with its stock; the list and the head office view show it', async () => {
    const [mine] = (await classList(nearClerk, near)).filter((c) => c.id === classId);
    expect(mine).toMatchObject({ manageable: true, manageStoreCount: 1 });
    expect((await classList(farClerk, far)).find((c) => c.id === classId)?.manageable).toBe(false);

    const shelved = await shelve(nearClerk, near, skuIds[2]!, true, 7);
    expect(shelved.statusCode, shelved.body).toBe(200);
    expect(dataOf<ShelfSkuRow>(shelved)).toMatchObject({ onShelf: true, stock: 7, classNames: '烘焙工具' });

    const page = await staffPost(t, PATHS.skuPageInfo, nearClerk, { storeCode: near.code, onShelf: true });
    expect(dataOf<Page<ShelfSkuRow>>(page).list.map((s) => s.skuId)).toEqual([skuIds[2]]);
    const inClass = await staffPost(t, PATHS.storeSkuPageInfo, nearClerk, { storeCode: near.code, classId });
    expect(dataOf<Page<ShelfSkuRow>>(inClass).total).toBe(2);

    const shelves = await staffPost(t, PATHS.skuStorePageInfo, headOffice, { skuId: skuIds[2] });
    expect(dataOf<Page<StoreShelfRow>>(shelves).list).toEqual([
      expect.objectContaining({ storeCode: near.code, onShelf: true, stock: 7 }),
    ]);
    const noShop = dataOf<ClassSkuRow[]>(await staffPost(t, PATHS.getNoShopSkuList, headOffice, {}));
    expect(noShop.map((s) => s.skuId)).not.toContain(skuIds[2]);
    expect(noShop.map((s) => s.skuId)).toContain(skuIds[1]);
    expect(await expectAuditedChange(t.db, 'integral_shelf.state', nearClerk.id)).toMatchObject({
      target: `${near.code}:PMT03`,
      before: { onShelf: false, stock: 0 },
      after: { onShelf: true, stock: 7 },
    });
  });

  it('a store may not shelve a class it does not manage, nor another store, nor without the button', async () => {
    const foreignClass = await shelve(farClerk, far, skuIds[2]!);
    expect(foreignClass.statusCode).toBe(403);
    expect(errorOf(foreignClass).errorMsg).toBe('本门店无权管理该商品所在的积分分类');
    const foreignStore = await shelve(farClerk, near, skuIds[2]!);
    expect(foreignStore.statusCode).toBe(403);
    const reader = await addOrderStaff(t, [near], []);
    expect((await shelve(reader, near, skuIds[2]!)).statusCode).toBe(403);
    const farPage = await staffPost(t, PATHS.skuPageInfo, farClerk, { storeCode: far.code });
    expect(dataOf<Page<ShelfSkuRow>>(farPage).total).toBe(0);
  });

  it('refuses bad shelf input', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ stock: -1 }, 400, '门店库存须在0到100000之间'],
      [{ stock: 1.5 }, 400, '门店库存须为整数'],
      [{ onShelf: 'yes' }, 400, '请选择上架或下架'],
      [{ skuId: 0 }, 400, '积分商品不正确'],
      [{ skuId: retailSkuId }, 404, '积分商品不存在'],
    ];
    for (const [body, status, message] of cases) {
      const response = await staffPost(t, PATHS.shelvesState, nearClerk, {
        storeCode: near.code,
        skuId: skuIds[2],
        onShelf: true,
        stock: 1,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorOf(response).errorMsg).toContain(message);
    }
  });

  it('nearShops lists the stores with the SKU in stock, nearest first', async () => {
    await staffPost(t, PATHS.setManageAuth, headOffice, { classId, storeCodes: [near.code, far.code] });
    expect((await shelve(farClerk, far, skuIds[2]!, true, 3)).statusCode).toBe(200);
    const fromFar = await staffPost(t, PATHS.nearShops, nearClerk, {
      storeCode: near.code,
      skuId: skuIds[2],
      latitude: TEST_ORIGIN.latitude + 0.05,
      longitude: TEST_ORIGIN.longitude,
    });
    const shops = dataOf<{ shopCode: string; distanceMeters: number; stock: number }[]>(fromFar);
    expect(shops.map((s) => s.shopCode)).toEqual([far.code, near.code]);
    expect(shops[0]!.distanceMeters).toBeLessThan(shops[1]!.distanceMeters);

    await shelve(farClerk, far, skuIds[2]!, true, 0);
    const fromHere = await staffPost(t, PATHS.nearShops, nearClerk, {
      storeCode: near.code,
      skuId: skuIds[2],
    });
    expect(dataOf<{ shopCode: string }[]>(fromHere).map((s) => s.shopCode)).toEqual([near.code]);
  });

  it('setManageAuth refuses unknown stores and classes', async () => {
    const unknownStore = await staffPost(t, PATHS.setManageAuth, headOffice, {
      classId,
      storeCodes: ['NOPE404'],
    });
    expect(unknownStore.statusCode).toBe(422);
    expect(errorOf(unknownStore).errorMsg).toBe('门店不存在：NOPE404');
    const unknownClass = await staffPost(t, PATHS.setManageAuth, headOffice, {
      classId: 999_999,
      storeCodes: [],
    });
    expect(unknownClass.statusCode).toBe(404);
    const notFound = await get(PATHS.selectClassSkuById.replace(':id', '999999'), headOffice);
    expect(notFound.statusCode).toBe(404);
    const badId = await get(PATHS.selectClassSkuById.replace(':id', 'abc'), headOffice);
    expect(badId.statusCode).toBe(400);
  });
});
