import {
  LOOKUP_PATHS,
  ORDER_INTEGRATION_PATHS,
  VALET_PATHS,
  type ValetActionResult,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integralShelves, members, skus } from '../../db/schema.js';
import { bearer, latestSmsCode } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  TEST_ORIGIN,
  addOrderStaff,
  addOrderStore,
  errorOf,
  seedCatalogue,
  servicePost,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';

/** docs/domain/points-mall.md "Redemption": window, per-member limit and the store's shelf stock. */
const VALET_PERMISSIONS = ['valetOrder:create', 'valetOrder:confirm', 'valetOrder:cancel'];
const DAY_MS = 86_400_000;
let t: TestApp;
let store: OrderStore;
let clerk: OrderStaff;
let seq = 0;
const run = String(Date.now()).slice(-5);

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  store = await addOrderStore(t.db, { name: '兑换规则测试店', at: TEST_ORIGIN });
  clerk = await addOrderStaff(t, [store], VALET_PERMISSIONS);
});
afterAll(() => t.close());

const post = (path: string, body: object) => staffPost(t, path, clerk, { storeCode: store.code, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;

/** A points-mall SKU of 100 points with these terms, on the test store's shelf with `stock` (none: no shelf). */
async function addSku(
  terms: { limit?: number; from?: Date; to?: Date; stock?: number; onShelf?: boolean } = {},
) {
  const skuCode = `T${run}${++seq}`;
  const name = `兑换规则礼品${seq}`;
  const [sku] = await t.db
    .insert(skus)
    .values({
      skuCode,
      name,
      kind: 'integral',
      priceCents: 0,
      points: 100,
      perMemberLimit: terms.limit ?? 0,
      validFrom: terms.from ?? null,
      validTo: terms.to ?? null,
    })
    .returning({ id: skus.id });
  if (terms.stock !== undefined)
    await t.db
      .insert(integralShelves)
      .values({ storeId: store.id, skuId: sku!.id, onShelf: terms.onShelf ?? true, stock: terms.stock });
  return { skuCode, skuId: sku!.id, name };
}

const shelfStock = async (skuId: number) =>
  (
    await t.db
      .select({ stock: integralShelves.stock })
      .from(integralShelves)
      .where(and(eq(integralShelves.storeId, store.id), eq(integralShelves.skuId, skuId)))
  )[0]!.stock;

/** A member of the store with plenty of points, found by whole phone so the store may serve them. */
async function addMember() {
  const phone = `1371${run}${String(++seq).padStart(2, '0')}`.slice(0, 11);
  const [member] = await t.db
    .insert(members)
    .values({ memberNo: `MT${phone}`, name: `兑换会员${seq}`, phone, points: 10_000, homeStoreId: store.id })
    .returning({ publicId: members.publicId });
  const found = await t.app.inject({
    method: 'GET',
    url: `${LOOKUP_PATHS.memberByKeywords}?storeCode=${store.code}&keywords=${phone}`,
    headers: bearer(clerk.token),
  });
  expect(found.statusCode, found.body).toBe(200);
  return { memberId: member!.publicId, phone };
}

const create = (member: { memberId: string }, skuCode: string, quantity = 1) =>
  post(VALET_PATHS.integralCreate, {
    memberId: member.memberId,
    deliveryType: 'pickup',
    items: [{ skuCode, quantity }],
  });

async function created(member: { memberId: string }, skuCode: string, quantity = 1) {
  const response = await create(member, skuCode, quantity);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<ValetActionResult>(response).valetOrderNo;
}

/** Sends the member's code for the order and confirms with it. */
async function confirm(valetOrderNo: string, phone: string) {
  t.clock.advance(61_000); // a member's code is sent once a minute
  const sent = await post(VALET_PATHS.integralSendRedeemCode, { valetOrderNo });
  expect(sent.statusCode, sent.body).toBe(200);
  return post(VALET_PATHS.integralConfirm, { valetOrderNo, memberCode: await latestSmsCode(t.app, phone) });
}

const refusal = (response: LightMyRequestResponse) => [response.statusCode, errorOf(response).errorMsg];

describe('points-mall redemption terms', () => {
  it('refuses a SKU outside its window, before and after', async () => {
    const member = await addMember();
    const now = t.clock().getTime();
    const later = await addSku({ from: new Date(now + DAY_MS), stock: 5 });
    const past = await addSku({ from: new Date(now - 2 * DAY_MS), to: new Date(now - DAY_MS), stock: 5 });
    const open = await addSku({ from: new Date(now - DAY_MS), to: new Date(now + DAY_MS), stock: 5 });
    expect(refusal(await create(member, later.skuCode))).toEqual([
      422,
      `积分商品「${later.name}」尚未开始兑换`,
    ]);
    expect(refusal(await create(member, past.skuCode))).toEqual([422, `积分商品「${past.name}」已过兑换期`]);
    expect((await create(member, open.skuCode)).statusCode).toBe(200);
  });

  it("counts the member's confirmed redemptions against the per-member limit, at creation and at confirmation", async () => {
    const member = await addMember();
    const { skuCode, name } = await addSku({ limit: 2, stock: 10 });
    // Two pending orders of one each fit while nothing is confirmed; three at once do not.
    expect(refusal(await create(member, skuCode, 3))).toEqual([
      422,
      `积分商品「${name}」每位会员限兑2件，该会员已兑0件`,
    ]);
    const first = await created(member, skuCode, 2);
    const second = await created(member, skuCode, 1);
    expect((await confirm(first, member.phone)).statusCode).toBe(200);
    // The second was placed before the first was confirmed: confirming it now would exceed the limit.
    const over = await confirm(second, member.phone);
    expect(refusal(over)).toEqual([422, `积分商品「${name}」每位会员限兑2件，该会员已兑2件`]);
    expect((await create(member, skuCode)).statusCode).toBe(422);
    // Another member is not limited by this one's redemptions.
    expect((await create(await addMember(), skuCode, 2)).statusCode).toBe(200);
  });

  it("redeems only from the store's shelf, takes its stock at confirmation and gives it back when cancelled upstream", async () => {
    const member = await addMember();
    const offShelf = await addSku({ stock: 5, onShelf: false });
    const unshelved = await addSku();
    const shelved = await addSku({ stock: 3 });
    expect(refusal(await create(member, offShelf.skuCode))[1]).toMatch(/本店未上架，不能兑换$/);
    expect(refusal(await create(member, unshelved.skuCode))[1]).toMatch(/本店未上架，不能兑换$/);
    expect(refusal(await create(member, shelved.skuCode, 4))).toEqual([
      422,
      `积分商品「${shelved.name}」本店库存不足，仅剩3件`,
    ]);
    const order = await created(member, shelved.skuCode, 2);
    expect(await shelfStock(shelved.skuId)).toBe(3); // a pending order takes nothing
    const confirmed = await confirm(order, member.phone);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await shelfStock(shelved.skuId)).toBe(1);
    const cancel = await servicePost(t, ORDER_INTEGRATION_PATHS.cancelOrder, {
      omsOrderNo: dataOf<ValetActionResult>(confirmed).omsOrderNo,
      reason: '不想要了',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await shelfStock(shelved.skuId)).toBe(3);
  });

  it('two confirmations for the last item at once: one takes it, the other is refused and spends nothing', async () => {
    const { skuCode, skuId } = await addSku({ stock: 1 });
    const buyers = [await addMember(), await addMember()];
    const orders = [];
    for (const buyer of buyers) orders.push(await created(buyer, skuCode));
    const codes: (string | null)[] = [];
    for (const [i, buyer] of buyers.entries()) {
      expect((await post(VALET_PATHS.integralSendRedeemCode, { valetOrderNo: orders[i] })).statusCode).toBe(
        200,
      );
      codes.push(await latestSmsCode(t.app, buyer.phone));
    }
    const answers = await Promise.all(
      orders.map((valetOrderNo, i) =>
        post(VALET_PATHS.integralConfirm, { valetOrderNo, memberCode: codes[i] }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, expect.any(Number)]);
    const lost = answers.find((a) => a.statusCode !== 200)!;
    expect([409, 422]).toContain(lost.statusCode);
    expect(errorOf(lost).errorMsg).toMatch(/本店库存(不足|刚被兑完)/);
    expect(await shelfStock(skuId)).toBe(0);
    const points = await t.db
      .select({ points: members.points })
      .from(members)
      .where(eq(members.phone, buyers[answers.indexOf(lost)]!.phone));
    expect(points[0]!.points).toBe(10_000);
  });
});
