import {
  EMPLOYEE_PURCHASE_PATHS as PATHS,
  EMPLOYEE_PURCHASE_PERMISSIONS as P,
  type EmployeeOrderDetail,
  type EmployeeOrderPage,
  type EpcInfo,
  type PlacedOrder,
  type PurchaseDraft,
  type SafeStock,
  type StaffCombination,
  type StaffSku,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  employeePurchaseCombinations,
  employeePurchaseEpcs,
  employeePurchasePrices,
  employeePurchaseQuotas,
  employeePurchaseSafeStock,
  skus,
} from '../../db/schema.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { bearer } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let buyer: OrderStaff;
let rival: OrderStaff;
let manager: OrderStaff;
let otherBuyer: OrderStaff;
let viewer: OrderStaff;
let seq = 0;
const run = String(Date.now()).slice(-6);

const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const post = (path: string, who: OrderStaff, body: object, at: OrderStore = store) =>
  staffPost(t, path, who, { storeCode: at.code, ...body });
const get = (path: string, who: OrderStaff, query: Record<string, string | number> = {}, at = store) =>
  t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams({ storeCode: at.code, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    headers: bearer(who.token),
  });

/** A staff-priced SKU (¥20 retail, ¥12 to staff) with `codes` tagged items at `at` and a safe stock there. */
async function addSku(codes: number, safe = 0, at: OrderStore = store) {
  const n = ++seq;
  const [sku] = await t.db
    .insert(skus)
    .values({ skuCode: `EP${run}${n}`, name: `内购茶叶${n}`, spec: '250g', kind: 'retail', priceCents: 2000 })
    .returning({ id: skus.id });
  await t.db.insert(employeePurchasePrices).values({ skuId: sku!.id, staffCents: 1200 });
  await t.db.insert(employeePurchaseSafeStock).values({ storeId: at.id, skuId: sku!.id, safeQuantity: safe });
  const epcs = Array.from({ length: codes }, (_, i) =>
    `E${run}${String(n).padStart(3, '0')}${i}`.padEnd(12, '0'),
  );
  if (codes)
    await t.db
      .insert(employeePurchaseEpcs)
      .values(epcs.map((epc) => ({ epc, storeId: at.id, skuId: sku!.id })));
  return { skuId: sku!.id, epcs };
}

async function giveQuota(who: OrderStaff, maxItems: number, maxCents = 100_000) {
  await t.db
    .insert(employeePurchaseQuotas)
    .values({ userId: who.id, period: shanghaiDay(t.clock()).slice(0, 7), maxItems, maxCents })
    .onConflictDoUpdate({
      target: [employeePurchaseQuotas.userId, employeePurchaseQuotas.period],
      set: { maxItems, maxCents },
    });
}

const scan = (who: OrderStaff, epc: string, extra: object = {}) =>
  post(PATHS.checkSku, who, { epc, ...extra });

/** Scans the codes and places them; fails the test unless it was placed. */
async function buy(who: OrderStaff, codes: string[]) {
  for (const epc of codes) expect((await scan(who, epc)).statusCode).toBe(200);
  const placed = await post(PATHS.add, who, {});
  expect(placed.statusCode, placed.body).toBe(200);
  return dataOf<PlacedOrder>(placed);
}

beforeAll(async () => {
  t = await createTestApp();
  store = await addOrderStore(t.db, { name: '内购测试店' });
  other = await addOrderStore(t.db);
  buyer = await addOrderStaff(t, [store], [P.add]);
  rival = await addOrderStaff(t, [store], [P.add]);
  manager = await addOrderStaff(t, [store], [P.add, P.verify, P.cancel]);
  otherBuyer = await addOrderStaff(t, [other], [P.add]);
  viewer = await addOrderStaff(t, [store], []);
  for (const who of [buyer, rival, manager, otherBuyer]) await giveQuota(who, 10);
});
afterAll(() => t.close());

describe('employee purchase', () => {
  it('every call needs a store the caller is authorised for, and the button permission to change', async () => {
    const { epcs } = await addSku(1);
    const foreign = await post(PATHS.checkSku, otherBuyer, { epc: epcs[0] });
    expect(foreign.statusCode).toBe(403);
    const noButton = await post(PATHS.checkSku, viewer, { epc: epcs[0] });
    expect(noButton.statusCode).toBe(403);
    expect(
      (await post(PATHS.cancelOrder, buyer, { orderNo: 'EP20260101000000123456', epcs })).statusCode,
    ).toBe(403);
    // Another store's code is unknown here, as is a code nobody tagged.
    const theirs = await addSku(1, 0, other);
    for (const epc of [theirs.epcs[0], 'NOSUCHCODE01']) {
      const refused = await post(PATHS.queryEpc, buyer, { epc });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).errorMsg).toBe('商品码不存在或不属于本门店');
    }
  });

  it('lists staff prices, combinations and the safe stock of the store', async () => {
    const { skuId, epcs } = await addSku(5, 2);
    await t.db
      .insert(employeePurchaseCombinations)
      .values({ code: `C${run}`, name: '内购礼盒', staffCents: 2000, items: [{ skuId, quantity: 2 }] });
    const list = dataOf<StaffSku[]>(await get(PATHS.querySku, viewer, { keyword: `EP${run}${seq}` }));
    expect(list).toEqual([
      expect.objectContaining({
        skuId,
        retailCents: 2000,
        staffCents: 1200,
        stock: 5,
        safeStock: 2,
        buyable: 3,
      }),
    ]);
    const combos = dataOf<StaffCombination[]>(await get(PATHS.queryCombinationSku, viewer));
    expect(combos.find((c) => c.code === `C${run}`)).toMatchObject({ staffCents: 2000, retailCents: 4000 });
    expect(dataOf<SafeStock>(await get(PATHS.safeStock, viewer, { skuId }))).toEqual({
      skuId,
      stock: 5,
      safeStock: 2,
      buyable: 3,
    });
    expect(
      dataOf<EpcInfo>(await post(PATHS.queryEpc, viewer, { epc: epcs[0]!.toLowerCase() })),
    ).toMatchObject({
      epc: epcs[0],
      staffCents: 1200,
      status: 'in_stock',
      statusText: '在库',
    });
  });

  it('scans into a draft, removes a line, places it and counts it against the quota', async () => {
    const { epcs } = await addSku(4);
    await giveQuota(buyer, 3, 3600);
    const first = dataOf<PurchaseDraft>(await scan(buyer, epcs[0]!));
    expect(first).toMatchObject({ itemCount: 1, totalCents: 1200, quota: { maxItems: 3, usedItems: 0 } });
    const again = await scan(buyer, epcs[0]!);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).errorMsg).toBe('该商品码已扫描');
    await scan(buyer, epcs[1]!);
    const removed = dataOf<PurchaseDraft>(await post(PATHS.deleteDraftEpc, buyer, { epc: epcs[1] }));
    expect(removed.lines.map((l) => l.epc)).toEqual([epcs[0]]);
    expect(dataOf<PurchaseDraft>(await get(PATHS.draft, buyer)).itemCount).toBe(1);
    expect((await expectAuditedChange(t.db, 'employee_purchase.unscan', buyer.id)).before).toEqual({
      epc: epcs[1],
    });
    const placed = dataOf<PlacedOrder>(await post(PATHS.add, buyer, {}));
    const audited = await expectAuditedChange(t.db, 'employee_purchase.place', buyer.id);
    expect([audited.target, audited.after]).toEqual([
      placed.orderNo,
      { status: 'placed', codes: [epcs[0]], totalCents: 1200, combinations: [] },
    ]);
    expect(placed).toMatchObject({ itemCount: 1, totalCents: 1200 });
    expect(placed.orderNo).toMatch(/^EP\d{20}$/);
    // The sold code cannot be scanned again; the draft is gone; the quota shows what was used.
    const sold = await scan(rival, epcs[0]!);
    expect([sold.statusCode, errorOf(sold).errorMsg]).toEqual([409, `商品码${epcs[0]}已售出`]);
    const draft = dataOf<PurchaseDraft>(await get(PATHS.draft, buyer));
    expect(draft).toMatchObject({ itemCount: 0, quota: { usedItems: 1, usedCents: 1200 } });
    await buy(buyer, [epcs[1]!, epcs[2]!]);
    const third = await scan(buyer, epcs[3]!);
    expect(third.statusCode).toBe(422);
    expect(errorOf(third).errorMsg).toBe('超出本月内购额度：每月限购3件，已购3件');
    await giveQuota(buyer, 10);
  });

  it('charges a complete combination at its price: in the draft, the order, the quota and the detail', async () => {
    const cake = await addSku(2);
    const tea = await addSku(1);
    const code = `CB${run}`;
    await t.db.insert(employeePurchaseCombinations).values({
      code,
      name: '茶点礼盒',
      staffCents: 2000,
      items: [
        { skuId: cake.skuId, quantity: 1 },
        { skuId: tea.skuId, quantity: 1 },
      ],
    });
    // ¥20 for the set against ¥24 at staff prices: a ¥36 money quota holds the set plus one more cake.
    await giveQuota(rival, 3, 3200);
    const alone = dataOf<PurchaseDraft>(await scan(rival, cake.epcs[0]!));
    expect(alone).toMatchObject({ listCents: 1200, totalCents: 1200, combinations: [] });
    const set = dataOf<PurchaseDraft>(await scan(rival, tea.epcs[0]!));
    expect(set).toMatchObject({
      listCents: 2400,
      totalCents: 2000,
      combinations: [{ code, name: '茶点礼盒', count: 1, savedCents: 400 }],
    });
    const third = dataOf<PurchaseDraft>(await scan(rival, cake.epcs[1]!));
    expect([third.listCents, third.totalCents]).toEqual([3600, 3200]);
    const placed = dataOf<PlacedOrder>(await post(PATHS.add, rival, {}));
    expect(placed).toMatchObject({ itemCount: 3, totalCents: 3200 });
    expect((await expectAuditedChange(t.db, 'employee_purchase.place', rival.id)).after).toMatchObject({
      totalCents: 3200,
      combinations: [`${code}×1`],
    });
    const detail = dataOf<EmployeeOrderDetail>(
      await get(PATHS.verifyEpcList, manager, { orderNo: placed.orderNo }),
    );
    expect([detail.totalCents, detail.savedCents]).toEqual([3200, 400]);
    expect(dataOf<PurchaseDraft>(await get(PATHS.draft, rival)).quota).toMatchObject({ usedCents: 3200 });
    await giveQuota(rival, 10);
  });

  it('refuses a buyer without a quota and a purchase over the money quota', async () => {
    const { epcs } = await addSku(2);
    const noQuota = await addOrderStaff(t, [store], [P.add]);
    const refused = await scan(noQuota, epcs[0]!);
    expect([refused.statusCode, errorOf(refused).errorMsg]).toEqual([422, '您本月没有内购额度']);
    await giveQuota(noQuota, 5, 2000);
    expect((await scan(noQuota, epcs[0]!)).statusCode).toBe(200);
    const over = await scan(noQuota, epcs[1]!);
    expect([over.statusCode, errorOf(over).errorMsg]).toEqual([
      422,
      '超出本月内购金额额度：每月限额¥20.00，已用¥0.00',
    ]);
  });

  it('never sells below the safe stock', async () => {
    const { skuId, epcs } = await addSku(3, 2);
    expect((await scan(buyer, epcs[0]!)).statusCode).toBe(200);
    const refused = await scan(buyer, epcs[1]!);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).errorMsg).toBe('库存已到安全库存，暂不可内购（库存3件，安全库存2件）');
    // The safe stock raised after the scan: placing refuses too and sells nothing.
    await t.db
      .update(employeePurchaseSafeStock)
      .set({ safeQuantity: 3 })
      .where(eq(employeePurchaseSafeStock.skuId, skuId));
    const place = await post(PATHS.add, buyer, {});
    expect(place.statusCode).toBe(422);
    const [row] = await t.db
      .select()
      .from(employeePurchaseEpcs)
      .where(eq(employeePurchaseEpcs.epc, epcs[0]!));
    expect(row!.status).toBe('in_stock');
    expect(dataOf<{ deleted: number }>(await post(PATHS.deleteDraft, buyer, {}))).toEqual({ deleted: 1 });
  });

  it('two orders with the same code at once: one is placed, the other answers 409 and sells nothing', async () => {
    const { skuId, epcs } = await addSku(2);
    expect((await scan(buyer, epcs[0]!)).statusCode).toBe(200);
    expect((await scan(rival, epcs[0]!)).statusCode).toBe(200);
    const answers = await Promise.all([post(PATHS.add, buyer, {}), post(PATHS.add, rival, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(errorOf(loser).errorMsg).toBe(`商品码${epcs[0]}已售出`);
    const codes = await t.db.select().from(employeePurchaseEpcs).where(eq(employeePurchaseEpcs.skuId, skuId));
    expect(codes.map((c) => [c.epc, c.status]).sort()).toEqual([
      [epcs[0], 'sold'],
      [epcs[1], 'in_stock'],
    ]);
    for (const who of [buyer, rival]) await post(PATHS.deleteDraft, who, {});
  });

  it('verifies at pick-up with every code scanned, and lists the order', async () => {
    const { epcs } = await addSku(2);
    const { orderNo } = await buy(buyer, epcs);
    const line = await get(PATHS.verifySkuQuery, manager, { orderNo, epc: epcs[0]! });
    expect(dataOf<{ epc: string }>(line).epc).toBe(epcs[0]);
    const stranger = await get(PATHS.verifySkuQuery, manager, { orderNo, epc: 'NOTINORDER01' });
    expect([stranger.statusCode, errorOf(stranger).errorMsg]).toEqual([
      422,
      '商品码NOTINORDER01不属于该内购单',
    ]);
    const short = await post(PATHS.verify, manager, { orderNo, epcs: [epcs[0]] });
    expect([short.statusCode, errorOf(short).errorMsg]).toEqual([422, '还有1件商品未扫描']);
    const verified = dataOf<EmployeeOrderDetail>(await post(PATHS.verify, manager, { orderNo, epcs }));
    expect(verified).toMatchObject({ status: 'verified', statusText: '已提货', handledBy: manager.nickName });
    expect((await expectAuditedChange(t.db, 'employee_purchase.verify', manager.id)).target).toBe(orderNo);
    const twice = await post(PATHS.verify, manager, { orderNo, epcs });
    expect([twice.statusCode, errorOf(twice).errorMsg]).toEqual([409, '该内购单已提货，不能再操作']);
    const page = dataOf<EmployeeOrderPage>(
      await get(PATHS.orderList, viewer, { keyword: orderNo, pageSize: 10 }),
    );
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ orderNo, itemCount: 2, totalCents: 2400, status: 'verified' });
    expect(
      dataOf<EmployeeOrderPage>(await get(PATHS.orderList, viewer, { status: 'cancelled', keyword: orderNo }))
        .total,
    ).toBe(0);
    // Another store does not see it.
    const theirs = await get(PATHS.verifyEpcList, otherBuyer, { orderNo }, other);
    expect(theirs.statusCode).toBe(404);
  });

  it('cancels with the codes handed back: they return to stock and the quota is freed', async () => {
    const { epcs } = await addSku(2);
    const before = dataOf<PurchaseDraft>(await get(PATHS.draft, buyer)).quota!.usedItems;
    const { orderNo } = await buy(buyer, epcs);
    expect((await post(PATHS.cancelCheckSku, manager, { orderNo, epc: epcs[1] })).statusCode).toBe(200);
    const cancelled = dataOf<EmployeeOrderDetail>(await post(PATHS.cancelOrder, manager, { orderNo, epcs }));
    expect(cancelled).toMatchObject({ status: 'cancelled', lines: [{ epc: epcs[0] }, { epc: epcs[1] }] });
    expect((await expectAuditedChange(t.db, 'employee_purchase.cancel', manager.id)).after).toEqual({
      status: 'cancelled',
    });
    expect(dataOf<PurchaseDraft>(await get(PATHS.draft, buyer)).quota!.usedItems).toBe(before);
    expect(dataOf<EpcInfo>(await post(PATHS.queryEpc, buyer, { epc: epcs[0] })).status).toBe('in_stock');
    expect((await scan(rival, epcs[0]!)).statusCode).toBe(200);
    await post(PATHS.deleteDraft, rival, {});
  });

  it('answers bad input with a Chinese 400', async () => {
    const cases: [string, object, string][] = [
      [PATHS.checkSku, { epc: '' }, '请扫描或输入商品码'],
      [PATHS.checkSku, { epc: 'abc' }, '商品码为8到32位字母或数字'],
      [PATHS.checkSku, { epc: 'ABCDEFGH1', skuId: -1 }, '商品不正确'],
      [PATHS.verify, { orderNo: 'X1', epcs: ['ABCDEFGH1'] }, '内购单号不正确'],
      [PATHS.cancelOrder, { orderNo: 'EP20260101000000123456', epcs: [] }, '请扫描商品码'],
    ];
    for (const [path, body, message] of cases) {
      const answer = await post(path, manager, body);
      expect(answer.statusCode, path).toBe(400);
      expect(errorOf(answer).errorMsg).toBe(message);
    }
    const badPage = await get(PATHS.orderList, viewer, { pageSize: 500 });
    expect([badPage.statusCode, errorOf(badPage).errorMsg]).toEqual([400, '每页条数不能超过50']);
    const empty = await post(PATHS.add, manager, {});
    expect([empty.statusCode, errorOf(empty).errorMsg]).toEqual([422, '请先扫描商品码']);
    const wrongSku = await scan(buyer, (await addSku(1)).epcs[0]!, { skuId: (await addSku(0)).skuId });
    expect([wrongSku.statusCode, errorOf(wrongSku).errorMsg]).toEqual([422, '商品码与所选商品不符']);
  });
});
