import {
  SPECIAL_ORDER_PATHS,
  TEA_TREE_PATHS,
  type TeaTreeActivity,
  type TeaTreeAddResult,
  type TeaTreeAdoptionDetail,
  type TeaTreeAdoptionPage,
  type TeaTreeCodeSent,
  type TeaTreePage,
  type TeaTreePrice,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, members, teaTreeActivities, teaTreeAdoptions } from '../../db/schema.js';
import { seedTeaTreeDiscounts } from '../../db/seed/tea-tree.js';
import { bearer, latestSmsCode } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  addOrderStaff,
  addOrderStore,
  errorOf,
  staffPost,
  type OrderStaff,
  type OrderStore,
} from '../orders/orders-test-fixtures.js';

const DAY_MS = 86_400_000;
let t: TestApp;
let store: OrderStore;
let other: OrderStore;
let clerk: OrderStaff;
let viewer: OrderStaff;
let otherClerk: OrderStaff;
let seq = 0;

const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const post = (path: string, who: OrderStaff, body: object, at: OrderStore = store) =>
  staffPost(t, path, who, { storeCode: at.code, ...body });
const get = (path: string, who: OrderStaff, query: Record<string, string | number>, at: OrderStore = store) =>
  t.app.inject({
    method: 'GET',
    url: `${path}?${new URLSearchParams({ storeCode: at.code, ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    headers: bearer(who.token),
  });

/** An activity open for sign-up now (or at the given window), with `trees` trees at ¥1,000 each. */
async function addActivity(trees: number, window: { start: number; end: number } = { start: -1, end: 30 }) {
  const n = ++seq;
  const now = t.clock().getTime();
  const day = (d: number) => new Date(now + d * DAY_MS).toISOString().slice(0, 10);
  const [row] = await t.db
    .insert(teaTreeActivities)
    .values({
      activityNo: `TT${Date.now() % 100000}${n}`,
      name: `龙井茶园认养${n}`,
      season: '2027春茶季',
      garden: '杭州西湖龙井村',
      treeCount: trees,
      priceCents: 100_000,
      benefits: '认养证书、挂牌命名、春茶两次交付',
      signUpStart: new Date(now + window.start * DAY_MS),
      signUpEnd: new Date(now + window.end * DAY_MS),
      deliveries: [
        { round: 1, plannedDate: day(-3), content: '明前龙井 250g' },
        { round: 2, plannedDate: day(60), content: '雨前龙井 500g' },
      ],
    })
    .returning();
  return row!;
}

/** A registered member of `home` at this level. */
async function addMember(level = 1, home: OrderStore = store) {
  const n = ++seq;
  const phone = `1380${String(Date.now()).slice(-4)}${String(n).padStart(3, '0')}`;
  const [row] = await t.db
    .insert(members)
    .values({ memberNo: `MT${phone}`, name: `认养会员${n}`, phone, level, homeStoreId: home.id })
    .returning({ id: members.id, publicId: members.publicId });
  return { id: row!.id, memberId: row!.publicId, phone };
}

/** The clerk texts the member the code and adopts with it. */
async function adopt(member: { memberId: string; phone: string }, activityId: number, trees: number) {
  const sent = await post(TEA_TREE_PATHS.sendConfirmCode, clerk, {
    activityId,
    memberId: member.memberId,
    trees,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const { payCents } = dataOf<TeaTreeCodeSent>(sent);
  const memberCode = (await latestSmsCode(t.app, member.phone))!;
  return post(TEA_TREE_PATHS.add, clerk, {
    activityId,
    memberId: member.memberId,
    trees,
    payCents,
    memberCode,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedTeaTreeDiscounts(t.db);
  store = await addOrderStore(t.db, { name: '认养测试店' });
  other = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store], ['teaTree:add']);
  viewer = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other], ['teaTree:add']);
});
afterAll(() => t.close());

describe('tea-tree adoption', () => {
  it('every call needs a store the caller is authorised for', async () => {
    for (const path of [TEA_TREE_PATHS.pageList, TEA_TREE_PATHS.add, TEA_TREE_PATHS.sendConfirmCode]) {
      const foreign = await post(path, otherClerk, {
        activityId: 1,
        memberId: 'x'.repeat(20),
        trees: 1,
        payCents: 100,
        memberCode: '123456',
      });
      expect(foreign.statusCode).toBe(403);
    }
    const current = await get(TEA_TREE_PATHS.currentActivity, otherClerk, {});
    expect(current.statusCode).toBe(403);
  });

  it('answers the activity open now and prices trees with the level discount', async () => {
    await addActivity(10, { start: 5, end: 40 }); // not yet open
    const open = await addActivity(20);
    const current = dataOf<TeaTreeActivity>(await get(TEA_TREE_PATHS.currentActivity, viewer, {}));
    expect(current).toMatchObject({
      id: open.id,
      status: 'signing',
      statusText: '认养中',
      remainingTrees: 20,
    });
    expect(current.deliveries).toHaveLength(2);

    const member = await addMember(3);
    const response = await get(TEA_TREE_PATHS.calculate, viewer, {
      activityId: open.id,
      memberId: member.memberId,
      trees: 2,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<TeaTreePrice>(response)).toEqual({
      activityId: open.id,
      trees: 2,
      unitCents: 100_000,
      goodsCents: 200_000,
      memberLevel: 3,
      discountPercent: 95,
      discountCents: 10_000,
      payCents: 190_000,
      remainingTrees: 20,
    });
  });

  it('adopts with the member’s code: the order is listed, the trees are taken, the detail has the plan', async () => {
    const activity = await addActivity(10);
    const member = await addMember(2);
    const response = await adopt(member, activity.id, 2);
    expect(response.statusCode, response.body).toBe(200);
    const result = dataOf<TeaTreeAddResult>(response);
    expect(result).toMatchObject({ trees: 2, payCents: 196_000 });

    const [after] = await t.db.select().from(teaTreeActivities).where(eq(teaTreeActivities.id, activity.id));
    expect(after!.adoptedCount).toBe(2);
    const orders = dataOf<TeaTreePage>(
      await post(SPECIAL_ORDER_PATHS.teaTreeAdoptionList, viewer, { pageSize: 50 }),
    );
    const order = orders.list.find((o) => o.performanceOrderNo === result.performanceOrderNo);
    expect(order).toMatchObject({
      payCents: 196_000,
      status: 'completed',
      adoptionItems: `茶树认养·${activity.name}×2`,
    });

    const detail = dataOf<TeaTreeAdoptionDetail>(await get(TEA_TREE_PATHS.detail, viewer, { id: result.id }));
    expect(detail).toMatchObject({
      adoptionNo: result.adoptionNo,
      trees: 2,
      discountPercent: 98,
      status: 'active',
      confirmedBy: '会员短信验证码',
    });
    expect(detail.memberPhone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(detail.deliveryPlan.map((d) => [d.quantityText, d.due])).toEqual([
      ['明前龙井 250g × 2棵', true],
      ['雨前龙井 500g × 2棵', false],
    ]);
    expect(detail.nextDeliveryDate).toBe(detail.deliveryPlan[1]!.plannedDate);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.tea_tree_adopt'), eq(auditLog.target, result.adoptionNo)));
    expect(audits).toHaveLength(1);

    // The list: this store's only; another store sees neither the row nor the detail.
    const page = dataOf<TeaTreeAdoptionPage>(
      await post(TEA_TREE_PATHS.pageList, viewer, { keyword: member.phone }),
    );
    expect(page.list.map((r) => r.adoptionNo)).toEqual([result.adoptionNo]);
    expect(page.total).toBe(1);
    const completed = dataOf<TeaTreeAdoptionPage>(
      await post(TEA_TREE_PATHS.pageList, viewer, { keyword: member.phone, status: 'completed' }),
    );
    expect(completed.total).toBe(0);
    const foreign = dataOf<TeaTreeAdoptionPage>(await post(TEA_TREE_PATHS.pageList, otherClerk, {}, other));
    expect(foreign.list.map((r) => r.adoptionNo)).not.toContain(result.adoptionNo);
    const foreignDetail = await get(TEA_TREE_PATHS.detail, otherClerk, { id: result.id }, other);
    expect(foreignDetail.statusCode).toBe(404);
    expect(errorOf(foreignDetail).errorMsg).toBe('认养记录不存在');
  });

  it('refuses without the member’s confirmation, with a changed price, a wrong code or too many trees', async () => {
    const activity = await addActivity(3);
    const member = await addMember(1);
    const base = { activityId: activity.id, memberId: member.memberId, trees: 2 };
    const missing = await post(TEA_TREE_PATHS.add, clerk, { ...base, payCents: 200_000 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errorMsg).toBe('请填写会员收到的认养确认验证码');

    await post(TEA_TREE_PATHS.sendConfirmCode, clerk, base);
    const code = (await latestSmsCode(t.app, member.phone))!;
    const wrong = await post(TEA_TREE_PATHS.add, clerk, {
      ...base,
      payCents: 200_000,
      memberCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await post(TEA_TREE_PATHS.add, clerk, { ...base, payCents: 1, memberCode: code });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed).errorMsg).toBe('认养金额已变化，请重新计算并让会员重新确认');
    // The code was for two trees: it does not confirm three.
    const other3 = await post(TEA_TREE_PATHS.add, clerk, {
      ...base,
      trees: 3,
      payCents: 300_000,
      memberCode: code,
    });
    expect(other3.statusCode).toBe(400);
    const tooMany = await get(TEA_TREE_PATHS.calculate, clerk, { ...base, trees: 4 });
    expect(tooMany.statusCode).toBe(422);
    expect(errorOf(tooMany).errorMsg).toBe('剩余可认养茶树不足，仅剩3棵');
    expect(
      await t.db.select().from(teaTreeAdoptions).where(eq(teaTreeAdoptions.activityId, activity.id)),
    ).toEqual([]);
  });

  it('refuses bad input, a closed activity, a member the store does not serve and a clerk without the button', async () => {
    const activity = await addActivity(5);
    const member = await addMember(1);
    const zero = await get(TEA_TREE_PATHS.calculate, clerk, {
      activityId: activity.id,
      memberId: member.memberId,
      trees: 0,
    });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero).errorMsg).toBe('认养数量须为1到50棵');
    const badId = await get(TEA_TREE_PATHS.calculate, clerk, {
      activityId: 'x',
      memberId: member.memberId,
      trees: 1,
    });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).errorMsg).toBe('认养活动不正确');
    const closed = await addActivity(5, { start: -30, end: -1 });
    const late = await get(TEA_TREE_PATHS.calculate, clerk, {
      activityId: closed.id,
      memberId: member.memberId,
      trees: 1,
    });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).errorMsg).toBe('该认养活动不在报名期内');
    const stranger = await addMember(1, other);
    const unserved = await get(TEA_TREE_PATHS.calculate, clerk, {
      activityId: activity.id,
      memberId: stranger.memberId,
      trees: 1,
    });
    expect(unserved.statusCode).toBe(404);
    const noButton = await post(TEA_TREE_PATHS.sendConfirmCode, viewer, {
      activityId: activity.id,
      memberId: member.memberId,
      trees: 1,
    });
    expect(noButton.statusCode).toBe(403);
  });

  it('never adopts more trees than the activity has, however many counters adopt at once', async () => {
    const activity = await addActivity(5);
    const adopters = await Promise.all(Array.from({ length: 4 }, () => addMember(1)));
    const codes: { member: (typeof adopters)[number]; code: string }[] = [];
    for (const member of adopters) {
      const sent = await post(TEA_TREE_PATHS.sendConfirmCode, clerk, {
        activityId: activity.id,
        memberId: member.memberId,
        trees: 2,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      codes.push({ member, code: (await latestSmsCode(t.app, member.phone))! });
    }
    const answers = await Promise.all(
      codes.map(({ member, code }) =>
        post(TEA_TREE_PATHS.add, clerk, {
          activityId: activity.id,
          memberId: member.memberId,
          trees: 2,
          payCents: 200_000,
          memberCode: code,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422))
      expect(errorOf(refused).errorMsg).toBe('剩余可认养茶树不足，仅剩1棵');
    const [after] = await t.db.select().from(teaTreeActivities).where(eq(teaTreeActivities.id, activity.id));
    expect(after!.adoptedCount).toBe(4);
    const rows = await t.db
      .select()
      .from(teaTreeAdoptions)
      .where(eq(teaTreeAdoptions.activityId, activity.id));
    expect(rows.reduce((sum, r) => sum + r.trees, 0)).toBe(4);
  });
});
