import {
  DASHBOARD_PATHS,
  ORDER_PATHS,
  ORDER_TIMING,
  type OfferDetail,
  type OfferPage,
} from '@console/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyclePlans, performanceOrders, performancePlanOrders } from '../../../db/schema.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  logOf,
  messagesOf,
  pushOrder,
  seedCatalogue,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders-test-fixtures.js';

let t: TestApp;
let near: OrderStore;
let second: OrderStore;
let outsider: OrderStore;
let nearStaff: OrderStaff;
let secondStaff: OrderStaff;
let outsiderStaff: OrderStaff;
/** Signed in for `near` but without any order permission. */
let viewer: OrderStaff;

const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  near = await addOrderStore(t.db, { at: { latitude: 39.7785, longitude: 116.5152 } });
  second = await addOrderStore(t.db, { at: { latitude: 39.79, longitude: 116.52 } });
  outsider = await addOrderStore(t.db, { at: { latitude: 39.78, longitude: 116.516 } });
  nearStaff = await addOrderStaff(t, [near]);
  secondStaff = await addOrderStaff(t, [second]);
  outsiderStaff = await addOrderStaff(t, [outsider]);
  viewer = await addOrderStaff(t, [near], []);
});
afterAll(() => t.close());

const offersOf = async (staff: OrderStaff, store: OrderStore, path: string = ORDER_PATHS.offers) => {
  const response = await staffPost(t, path, staff, { storeCode: store.code });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: OfferPage }>().data;
};
const act = (path: string, staff: OrderStaff | null, store: OrderStore, performancePlanOrderNo: string) =>
  staffPost(t, path, staff, { storeCode: store.code, performancePlanOrderNo });

describe('offers (抢单 list)', () => {
  it('lists the store’s open offers nearest first with time left, items and amounts', async () => {
    const first = await pushOrder(t, [near, second], {
      items: [
        { skuCode: 'R1001', quantity: 2 },
        { skuCode: 'R1002', quantity: 1 },
      ],
    });
    t.clock.advance(MINUTE);
    const later = await pushOrder(t, [near]);
    const page = await offersOf(nearStaff, near);
    const mine = page.list.filter((o) =>
      [first.performancePlanOrderNo, later.performancePlanOrderNo].includes(o.performancePlanOrderNo),
    );
    expect(mine.map((o) => o.performancePlanOrderNo)).toEqual([
      first.performancePlanOrderNo,
      later.performancePlanOrderNo,
    ]);
    expect(mine[0]).toMatchObject({
      omsOrderNo: first.omsOrderNo,
      status: 'offering',
      statusText: '待抢单',
      channelText: '线上订单',
      deliveryTypeText: '快递配送',
      customerName: '王**',
      itemsSummary: '鲜肉月饼×2，蛋黄酥×1',
      itemCount: 3,
      goodsCents: 5880 * 2 + 6800,
      secondsLeft: (ORDER_TIMING.offerMinutes - 1) * 60,
    });
    expect(mine[0]!.distanceMeters).toBeLessThan(100);
  });

  it('never shows an offer to a store that is not a candidate', async () => {
    const pushed = await pushOrder(t, [near]);
    const page = await offersOf(outsiderStaff, outsider);
    expect(page.list.map((o) => o.performancePlanOrderNo)).not.toContain(pushed.performancePlanOrderNo);
    const detail = await act(ORDER_PATHS.offerDetail, outsiderStaff, outsider, pushed.performancePlanOrderNo);
    expect(detail.statusCode).toBe(404);
    expect(errorOf(detail).errorMsg).toBe('订单不存在');
    const grab = await act(ORDER_PATHS.grab, outsiderStaff, outsider, pushed.performancePlanOrderNo);
    expect(grab.statusCode).toBe(404);
  });

  it('refuses a store the caller is not authorised for (403) and a missing store (400)', async () => {
    const forbidden = await staffPost(t, ORDER_PATHS.offers, outsiderStaff, { storeCode: near.code });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).errorMsg).toBe('您无权访问该门店');
    const missing = await staffPost(t, ORDER_PATHS.offers, outsiderStaff, {});
    expect(missing.statusCode).toBe(400);
    const signedOut = await staffPost(t, ORDER_PATHS.offers, null, { storeCode: near.code });
    expect(signedOut.statusCode).toBe(401);
  });

  it('answers 400 in Chinese for bad paging and a bad plan number', async () => {
    const paging = await staffPost(t, ORDER_PATHS.offers, nearStaff, { storeCode: near.code, pageSize: 500 });
    expect(paging.statusCode).toBe(400);
    expect(errorOf(paging).errorMsg).toContain('每页最多50条');
    const badNo = await act(ORDER_PATHS.grab, nearStaff, near, '计划单');
    expect(badNo.statusCode).toBe(400);
    expect(errorOf(badNo).errorMsg).toContain('履约计划单号格式不正确');
  });

  it('feeds the dashboard card 待抢订单 with the offers open to the store', async () => {
    const store = await addOrderStore(t.db);
    const staff = await addOrderStaff(t, [store]);
    await pushOrder(t, [store]);
    await pushOrder(t, [store]);
    const summary = await staffPost(t, DASHBOARD_PATHS.summary, staff, { storeCode: store.code });
    const counts = summary.json<{ data: { counts: { key: string; value: number | null }[] } }>().data.counts;
    expect(counts.find((c) => c.key === 'ordersToGrab')).toMatchObject({ value: 2 });
  });
});

describe('grab (order:rob)', () => {
  it('takes the plan: performance order wait_ship, log grabbed by the staff member, message 5 to the store', async () => {
    const pushed = await pushOrder(t, [near, second]);
    const colleague = await addOrderStaff(t, [near]);
    const response = await act(ORDER_PATHS.grab, nearStaff, near, pushed.performancePlanOrderNo);
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { performanceOrderNo: string; writeOffCode: string } }>().data;
    expect(data).toMatchObject({ omsOrderNo: pushed.omsOrderNo, status: 'wait_ship', writeOffCode: '' });
    expect(data.performanceOrderNo).toMatch(/^PF\d{20}$/);

    const [plan] = await t.db
      .select()
      .from(performancePlanOrders)
      .where(eq(performancePlanOrders.performancePlanOrderNo, pushed.performancePlanOrderNo));
    expect(plan).toMatchObject({ status: 'taken', takenStoreId: near.id, takenByUserId: nearStaff.id });
    const [order] = await t.db
      .select()
      .from(performanceOrders)
      .where(eq(performanceOrders.performanceOrderNo, data.performanceOrderNo));
    expect(order).toMatchObject({ storeId: near.id, status: 'wait_ship', deliveryType: 'express' });

    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toEqual({
      action: 'grabbed',
      fromStatus: 'offering',
      toStatus: 'taken',
      operatorId: nearStaff.id,
      operatorName: nearStaff.nickName,
    });
    for (const staff of [nearStaff, colleague])
      expect((await messagesOf(t.db, staff.id, near.id)).at(-1)).toMatchObject({
        businessType: 2,
        messageType: 5,
        title: '您有待发货的订单',
        // The taker is named, so their own console shows no pop-up about the grab they just made.
        expandInfo: {
          omsOrderNo: pushed.omsOrderNo,
          performanceOrderNo: data.performanceOrderNo,
          actorWorkCode: nearStaff.workCode,
        },
      });

    // The other candidate now sees it taken, without the taker's order number or the customer's phone.
    const loser = await act(ORDER_PATHS.grab, secondStaff, second, pushed.performancePlanOrderNo);
    expect(loser.statusCode).toBe(409);
    expect(errorOf(loser).errorMsg).toBe('该订单已被其他门店接单');
    // A colleague of the taking store is not told the order went elsewhere: it waits in 已接订单 here.
    const sameStore = await act(ORDER_PATHS.grab, colleague, near, pushed.performancePlanOrderNo);
    expect(sameStore.statusCode).toBe(409);
    expect(errorOf(sameStore)).toMatchObject({
      errorCode: 'TAKEN_BY_THIS_STORE',
      errorMsg: `本门店已接下该订单（${nearStaff.nickName}接单），请在已接订单中处理`,
    });
    const seen = (
      await act(ORDER_PATHS.offerDetail, secondStaff, second, pushed.performancePlanOrderNo)
    ).json<{
      data: OfferDetail;
    }>().data;
    expect(seen).toMatchObject({ status: 'taken', takenByThisStore: false, performanceOrderNo: null });
    expect(seen.customerPhone).toBe('139****5678');
    const own = (await act(ORDER_PATHS.offerDetail, nearStaff, near, pushed.performancePlanOrderNo)).json<{
      data: OfferDetail;
    }>().data;
    expect(own).toMatchObject({
      takenByThisStore: true,
      performanceOrderNo: data.performanceOrderNo,
      customerPhone: '13912345678',
      customerName: '王晓燕',
      canGrab: false,
    });
    expect((await offersOf(secondStaff, second)).list.map((o) => o.performancePlanOrderNo)).not.toContain(
      pushed.performancePlanOrderNo,
    );
  });

  it('gives a pickup order a 6-digit write-off code and a uEnjoy order its cycle plan', async () => {
    const pickup = await pushOrder(t, [near], { deliveryType: 'pickup' });
    const taken = (await act(ORDER_PATHS.grab, nearStaff, near, pickup.performancePlanOrderNo)).json<{
      data: { writeOffCode: string };
    }>().data;
    expect(taken.writeOffCode).toMatch(/^\d{6}$/);

    const subscription = await pushOrder(t, [near], { items: [{ skuCode: 'U3001', quantity: 1 }] });
    const grabbed = (await act(ORDER_PATHS.grab, nearStaff, near, subscription.performancePlanOrderNo)).json<{
      data: { performanceOrderNo: string };
    }>().data;
    const [order] = await t.db
      .select({ id: performanceOrders.id })
      .from(performanceOrders)
      .where(eq(performanceOrders.performanceOrderNo, grabbed.performanceOrderNo));
    const periods = await t.db
      .select()
      .from(cyclePlans)
      .where(eq(cyclePlans.performanceOrderId, order!.id))
      .orderBy(asc(cyclePlans.period));
    expect(periods.map((p) => p.period)).toEqual([1, 2, 3, 4]);
    const days = periods.map((p) => Date.parse(p.plannedDate));
    expect(days[1]! - days[0]!).toBe(7 * 86_400_000);
    expect(periods.every((p) => p.status === 'pending')).toBe(true);
  });

  it('refuses without order:rob (403 您没有该操作权限) and writes nothing', async () => {
    const pushed = await pushOrder(t, [near]);
    const response = await act(ORDER_PATHS.grab, viewer, near, pushed.performancePlanOrderNo);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).errorMsg).toBe('您没有该操作权限');
    expect((await logOf(t.db, pushed.omsOrderNo)).map((l) => l.action)).toEqual(['pushed', 'offered']);
    const detail = (await act(ORDER_PATHS.offerDetail, viewer, near, pushed.performancePlanOrderNo)).json<{
      data: OfferDetail;
    }>().data;
    expect(detail).toMatchObject({ canGrab: false, canTake: false });
  });

  it('refuses an expired offer with 409 该订单抢单已超时, even before the sweep ran', async () => {
    const pushed = await pushOrder(t, [near]);
    t.clock.advance(ORDER_TIMING.offerMinutes * MINUTE);
    const response = await act(ORDER_PATHS.grab, nearStaff, near, pushed.performancePlanOrderNo);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).errorMsg).toBe('该订单抢单已超时');
    expect((await offersOf(nearStaff, near)).list.map((o) => o.performancePlanOrderNo)).not.toContain(
      pushed.performancePlanOrderNo,
    );
  });
});

describe('untaken orders (未接订单) and take (order:take)', () => {
  it('expires lapsed offers with a log row, lists them, and lets a candidate take one', async () => {
    const pushed = await pushOrder(t, [near, second]);
    const stillOffered = await act(ORDER_PATHS.takeUntaken, nearStaff, near, pushed.performancePlanOrderNo);
    expect(stillOffered.statusCode).toBe(409);
    expect(errorOf(stillOffered).errorMsg).toBe('该订单仍在抢单中');

    t.clock.advance((ORDER_TIMING.offerMinutes + 1) * MINUTE);
    const untaken = await offersOf(nearStaff, near, ORDER_PATHS.untaken);
    const listed = untaken.list.find((o) => o.performancePlanOrderNo === pushed.performancePlanOrderNo);
    expect(listed).toMatchObject({ status: 'expired', statusText: '无人接单', secondsLeft: 0 });
    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toMatchObject({
      action: 'expired',
      fromStatus: 'offering',
      toStatus: 'expired',
      operatorId: null,
      operatorName: '系统',
    });

    const grab = await act(ORDER_PATHS.grab, nearStaff, near, pushed.performancePlanOrderNo);
    expect(grab.statusCode).toBe(409);
    expect(errorOf(grab).errorMsg).toBe('该订单抢单已超时');
    const detail = (
      await act(ORDER_PATHS.offerDetail, secondStaff, second, pushed.performancePlanOrderNo)
    ).json<{
      data: OfferDetail;
    }>().data;
    expect(detail).toMatchObject({ status: 'expired', canGrab: false, canTake: true });

    const denied = await act(ORDER_PATHS.takeUntaken, viewer, near, pushed.performancePlanOrderNo);
    expect(denied.statusCode).toBe(403);
    const outsiderTake = await act(
      ORDER_PATHS.takeUntaken,
      outsiderStaff,
      outsider,
      pushed.performancePlanOrderNo,
    );
    expect(outsiderTake.statusCode).toBe(404);

    const taken = await act(ORDER_PATHS.takeUntaken, secondStaff, second, pushed.performancePlanOrderNo);
    expect(taken.statusCode).toBe(200);
    expect(taken.json<{ data: { status: string } }>().data.status).toBe('wait_ship');
    expect((await logOf(t.db, pushed.omsOrderNo)).at(-1)).toMatchObject({
      action: 'taken',
      fromStatus: 'expired',
      toStatus: 'taken',
      operatorId: secondStaff.id,
    });
    const twice = await act(ORDER_PATHS.takeUntaken, nearStaff, near, pushed.performancePlanOrderNo);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).errorMsg).toBe('该订单已被其他门店接单');
    expect(
      (await offersOf(nearStaff, near, ORDER_PATHS.untaken)).list.map((o) => o.performancePlanOrderNo),
    ).not.toContain(pushed.performancePlanOrderNo);
  });

  it('filters untaken offers by delivery type, order number and the Shanghai day they ran out; bad filters get 400', async () => {
    const express = await pushOrder(t, [outsider]);
    const pickup = await pushOrder(t, [outsider], { deliveryType: 'pickup' });
    t.clock.advance((ORDER_TIMING.offerMinutes + 1) * MINUTE);
    const untakenOf = async (filters: Record<string, unknown>) => {
      const response = await staffPost(t, ORDER_PATHS.untaken, outsiderStaff, {
        storeCode: outsider.code,
        ...filters,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: OfferPage }>().data.list.map((o) => o.performancePlanOrderNo);
    };
    const both = [express.performancePlanOrderNo, pickup.performancePlanOrderNo];
    expect(await untakenOf({})).toEqual(expect.arrayContaining(both));
    const pickups = await untakenOf({ deliveryType: 'pickup' });
    expect(pickups).toContain(pickup.performancePlanOrderNo);
    expect(pickups).not.toContain(express.performancePlanOrderNo);
    expect(await untakenOf({ keyword: express.performancePlanOrderNo })).toEqual([
      express.performancePlanOrderNo,
    ]);
    expect(await untakenOf({ keyword: pickup.omsOrderNo })).toEqual([pickup.performancePlanOrderNo]);

    const ranOut = new Date(t.clock().getTime() + 8 * 3_600_000 - MINUTE).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(ranOut) - 86_400_000).toISOString().slice(0, 10);
    expect(await untakenOf({ dateFrom: ranOut, dateTo: ranOut })).toEqual(expect.arrayContaining(both));
    expect(await untakenOf({ dateFrom: dayBefore, dateTo: dayBefore })).toEqual([]);

    const badType = await staffPost(t, ORDER_PATHS.untaken, outsiderStaff, {
      storeCode: outsider.code,
      deliveryType: 'drone',
    });
    expect(badType.statusCode).toBe(400);
    expect(errorOf(badType).errorMsg).toContain('配送方式不正确');
    const backwards = await staffPost(t, ORDER_PATHS.untaken, outsiderStaff, {
      storeCode: outsider.code,
      dateFrom: ranOut,
      dateTo: dayBefore,
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).errorMsg).toContain('开始日期不能晚于结束日期');
  });

  it('takes an offer past its expiry that the sweep has not written yet', async () => {
    const pushed = await pushOrder(t, [near]);
    t.clock.advance((ORDER_TIMING.offerMinutes + 1) * MINUTE);
    const taken = await act(ORDER_PATHS.takeUntaken, nearStaff, near, pushed.performancePlanOrderNo);
    expect(taken.statusCode).toBe(200);
  });
});
