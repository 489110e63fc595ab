import {
  MEMBER_PATHS,
  type MemberHit,
  type MemberProfile,
  type MemberStoreCounts,
  type MemberTag,
  type MemberTagGroup,
} from '@console/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  dictItems,
  dictTypes,
  imMessages,
  memberEquities,
  memberLevelEquities,
  memberRepurchaseDue,
  memberTags,
  members,
  omsOrderItems,
  omsOrders,
  skus,
  stores,
} from '../../db/schema.js';
import { seedDicts } from '../../db/seed/dicts.js';
import { seedMemberBase } from '../../db/seed/member-data.js';
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

const MEMBER_BUTTONS = ['member:tag', 'member:assign', 'member:follow'];
const stamp = String(Date.now()).slice(-7);
const PHONE = `1357${stamp}`;
const FOREIGN_PHONE = `1358${stamp}`;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

let t: TestApp;
let store: OrderStore;
let other: OrderStore;
/** A clerk of `store` with every member button, one with none, and a clerk of `other`. */
let clerk: OrderStaff;
let plain: OrderStaff;
let otherClerk: OrderStaff;
let own: { id: number; publicId: string };
let foreign: { id: number; publicId: string; memberNo: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDicts(t.db);
  await seedMemberBase(t.db);
  store = await addOrderStore(t.db);
  other = await addOrderStore(t.db);
  clerk = await addOrderStaff(t, [store], MEMBER_BUTTONS);
  plain = await addOrderStaff(t, [store], []);
  otherClerk = await addOrderStaff(t, [other], MEMBER_BUTTONS);
  const now = new Date();
  const [ownRow] = await t.db
    .insert(members)
    .values({
      memberNo: `MQ${stamp}`,
      name: '跟进测试会员',
      phone: PHONE,
      level: 3,
      growth: 6_000,
      levelChangedAt: now,
      homeStoreId: store.id,
    })
    .returning({ id: members.id, publicId: members.publicId });
  own = ownRow!;
  const [foreignRow] = await t.db
    .insert(members)
    .values({ memberNo: `MR${stamp}`, name: '外店会员', phone: FOREIGN_PHONE, homeStoreId: other.id })
    .returning({ id: members.id, publicId: members.publicId, memberNo: members.memberNo });
  foreign = foreignRow!;
  const equities = await t.db.select().from(memberLevelEquities).where(eq(memberLevelEquities.level, 3));
  await t.db.insert(memberEquities).values(
    equities.map((e) => ({
      memberId: own.id,
      equityId: e.id,
      storeId: store.id,
      needsActivation: e.needsActivation,
      grantedAt: now,
    })),
  );
});
afterAll(() => t.close());

const get = (path: string, query: Record<string, string>, who: OrderStaff = clerk) =>
  t.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(query)}`, headers: bearer(who.token) });
const post = (path: string, body: object, who: OrderStaff = clerk, at: OrderStore = store) =>
  staffPost(t, path, who, { storeCode: at.code, ...body });
const dataOf = <T>(response: { json: <R>() => R }) => response.json<{ data: T }>().data;
const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];
const inquiry = (keywords: string, who: OrderStaff = clerk, at: OrderStore = store) =>
  get(MEMBER_PATHS.inquiry, { storeCode: at.code, keywords }, who);
const profile = (memberId: string, who: OrderStaff = clerk, at: OrderStore = store) =>
  get(MEMBER_PATHS.profile, { storeCode: at.code, memberId }, who);
const tab = (name: string, who: OrderStaff = clerk, extra: object = {}) =>
  post(MEMBER_PATHS.storeList, { tab: name, ...extra }, who);

describe('会员查询', () => {
  it('finds by full phone, member number or scanned code, masked; a partial phone only among the store’s own', async () => {
    for (const keywords of [PHONE, `mq${stamp}`, `member:${own.publicId}`, PHONE.slice(0, 7), '跟进测试']) {
      const response = await inquiry(keywords);
      expect(response.statusCode, keywords).toBe(200);
      expect(
        dataOf<MemberHit[]>(response).map((m) => m.memberId),
        keywords,
      ).toContain(own.publicId);
      expect(response.body).not.toContain(PHONE);
    }
    const hit = dataOf<MemberHit[]>(await inquiry(PHONE))[0]!;
    expect(hit).toMatchObject({ phoneMasked: masked(PHONE), levelName: '金卡会员', level: 3 });
    // Another store's clerk learns nothing from a partial phone or a name.
    expect(dataOf<MemberHit[]>(await inquiry(PHONE.slice(0, 7), otherClerk, other))).toEqual([]);
    expect(dataOf<MemberHit[]>(await inquiry('跟进测试', otherClerk, other))).toEqual([]);
    expect(await lastAudit('member.lookup')).toMatchObject({ userId: otherClerk.id });
    expect((await inquiry('')).statusCode).toBe(400);
    expect(errorOf(await inquiry('   ')).errorMsg).toBe('请输入手机号、会员号或扫描会员码');
  });

  it('shows the profile with the full phone and audits the view; a member of no relationship is not found', async () => {
    const response = await profile(own.publicId);
    expect(response.statusCode).toBe(200);
    const body = dataOf<MemberProfile>(response);
    expect(body).toMatchObject({
      phone: PHONE,
      levelName: '金卡会员',
      nextLevelName: '铂金会员',
      growthToNext: 14_000,
      homeStore: true,
      guide: null,
      actions: { tag: true, assign: true, follow: true },
    });
    expect(body.equities.map((e) => e.name)).toEqual(['95折', '免费配送']);
    expect(await lastAudit('member.view')).toMatchObject({
      userId: clerk.id,
      target: `member:${own.publicId}`,
      // Who looked names the request and the store it was made in.
      storeCode: store.code,
      request: { method: 'GET', path: MEMBER_PATHS.profile },
    });

    const unknown = await profile('0'.repeat(32));
    const unrelated = await profile(foreign.publicId);
    expect(unrelated.statusCode).toBe(404);
    expect(errorOf(unrelated)).toEqual(errorOf(unknown));
    expect((await profile('not-an-id')).statusCode).toBe(400);
    // Found by full number, the member may be served here for the shift.
    await inquiry(foreign.memberNo);
    expect(dataOf<MemberProfile>(await profile(foreign.publicId))).toMatchObject({ homeStore: false });
    expect(dataOf<MemberProfile>(await profile(foreign.publicId)).actions.assign).toBe(false);
  });

  it('sets manual tags the store may set, refuses rule tags and another store’s, and audits', async () => {
    const groups = dataOf<MemberTagGroup[]>(await get(MEMBER_PATHS.tagOptions, { storeCode: store.code }));
    expect(groups.map((g) => g.groupName)).toEqual(['客群', '偏好', '服务关怀']);
    const all = groups.flatMap((g) => g.tags);
    const manual = all.filter((tag) => tag.kind === 'manual').slice(0, 2);
    const rule = all.find((tag) => tag.kind === 'rule')!;
    const set = (tagIds: number[], who = clerk) =>
      post(MEMBER_PATHS.setTags, { memberId: own.publicId, tagIds }, who);

    const response = await set(manual.map((tag) => tag.tagId));
    expect(response.statusCode).toBe(200);
    expect(dataOf<MemberTag[]>(response).map((tag) => tag.name)).toEqual(manual.map((tag) => tag.name));
    expect(await lastAudit('member.tag')).toMatchObject({
      userId: clerk.id,
      target: `member:${own.publicId}`,
    });

    expect(errorOf(await set([rule.tagId]))).toMatchObject({ errorCode: 'MEMBER_TAG_UNKNOWN' });
    const [otherTag] = await t.db
      .insert(memberTags)
      .values({ groupCode: 'segment', name: `外店标签${stamp}`, storeId: other.id })
      .returning({ id: memberTags.id });
    const foreignTag = await set([otherTag!.id]);
    expect(foreignTag.statusCode).toBe(422);
    expect(errorOf(foreignTag).errorMsg).toBe('不能使用其他门店的标签');
    expect((await set([manual[0]!.tagId], plain)).statusCode).toBe(403);

    // Only the first kept: the second goes.
    expect(dataOf<MemberTag[]>(await set([manual[0]!.tagId])).map((tag) => tag.tagId)).toEqual([
      manual[0]!.tagId,
    ]);
    const byOther = await post(
      MEMBER_PATHS.setTags,
      { memberId: own.publicId, tagIds: [manual[0]!.tagId] },
      otherClerk,
      other,
    );
    expect(byOther.statusCode).toBe(404);
  });

  it('offers the tags of the dictionary’s enabled tag groups, in its order; the flat member_tag dict is gone', async () => {
    const groupItem = (value: string) =>
      sql`${dictItems.value} = ${value} and ${dictItems.typeId} =
        (select id from ${dictTypes} where ${dictTypes.code} = 'member_tag_group')`;
    const groupNames = async () =>
      dataOf<MemberTagGroup[]>(await get(MEMBER_PATHS.tagOptions, { storeCode: store.code })).map(
        (g) => g.groupName,
      );
    expect(await t.db.$count(dictTypes, eq(dictTypes.code, 'member_tag'))).toBe(0);
    // Head office renames and reorders a group in 数据字典: the tag editor follows.
    await t.db.update(dictItems).set({ label: '关怀', sort: -1 }).where(groupItem('care'));
    expect(await groupNames()).toEqual(['关怀', '客群', '偏好']);
    // …and disables one: its tags are neither offered nor set.
    const [careTag] = await t.db.select().from(memberTags).where(eq(memberTags.groupCode, 'care')).limit(1);
    await t.db.update(dictItems).set({ enabled: false }).where(groupItem('care'));
    try {
      expect(await groupNames()).toEqual(['客群', '偏好']);
      const refused = await post(MEMBER_PATHS.setTags, { memberId: own.publicId, tagIds: [careTag!.id] });
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused).errorMsg).toBe('标签不存在或已停用');
    } finally {
      await t.db
        .update(dictItems)
        .set({ label: '服务关怀', enabled: true, sort: 30 })
        .where(groupItem('care'));
    }
  });

  it('lists the member’s orders with their own items and store in the profile', async () => {
    const [order] = await t.db
      .insert(omsOrders)
      .values({
        omsOrderNo: `OMSPF${stamp}`,
        channel: 'online',
        memberId: own.id,
        customerName: '跟进测试会员',
        customerPhone: PHONE,
        deliveryType: 'pickup',
        receiverName: '跟进测试会员',
        receiverPhone: PHONE,
        regionName: '',
        addressDetail: '门店自提',
        goodsCents: 13560,
        payCents: 13560,
        placedStoreId: store.id,
        status: 'completed',
        orderedAt: new Date(),
      })
      .returning({ id: omsOrders.id });
    // Item ids far from the order's: a subquery matching an item's own id would find none of them.
    await t.db.insert(omsOrderItems).values(
      [
        ['鲜肉月饼', 2, 5880],
        ['全麦吐司', 1, 1800],
      ].map(([name, quantity, unitCents]) => ({
        omsOrderId: order!.id,
        skuCode: 'R1001',
        name: String(name),
        spec: '',
        quantity: Number(quantity),
        unitCents: Number(unitCents),
        amountCents: Number(quantity) * Number(unitCents),
      })),
    );
    const [storeRow] = await t.db
      .select({ name: stores.shopName })
      .from(stores)
      .where(eq(stores.id, store.id));
    const { orders } = dataOf<MemberProfile>(await profile(own.publicId));
    expect(orders.find((o) => o.omsOrderNo === `OMSPF${stamp}`)).toMatchObject({
      items: '鲜肉月饼×2、全麦吐司×1',
      storeName: storeRow!.name,
    });
  });

  it('creates the activity QR as a PNG of the member and the store', async () => {
    const response = await post(MEMBER_PATHS.activityQr, { memberId: own.publicId });
    expect(response.statusCode).toBe(200);
    const { image, content } = dataOf<{ image: string; content: string }>(response);
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(content).toBe(`member:${own.publicId}:${store.code}`);
    expect(await lastAudit('member.activity_qr')).toMatchObject({ userId: clerk.id });
  });
});

describe('会员跟进', () => {
  it('narrows a tab by phone prefix, member number part, name part or one member, counting the same rows', async () => {
    const rows = await t.db
      .insert(members)
      .values(
        ['甲', '乙', '丙'].map((mark, i) => ({
          memberNo: `MF${stamp}${i}`,
          name: `筛选会员${mark}${stamp}`,
          phone: `1368${stamp.slice(1)}${i}`,
          homeStoreId: store.id,
          guideUserId: plain.id,
        })),
      )
      .returning({ id: members.id, publicId: members.publicId, phone: members.phone });
    type Page = { list: { memberId: string }[]; total: number | null };
    const found = async (extra: object) => {
      const page = dataOf<Page>(await tab('mine', plain, { pageSize: 100, ...extra }));
      expect(page.total).toBe(page.list.length);
      return page.list.map((r) => r.memberId).sort();
    };
    const all = rows.map((r) => r.publicId).sort();
    expect(await found({ keyword: rows[0]!.phone.slice(0, 9) })).toEqual(all);
    expect(await found({ keyword: rows[1]!.phone })).toEqual([rows[1]!.publicId]);
    expect(await found({ keyword: `${stamp}2` })).toEqual([rows[2]!.publicId]);
    expect(await found({ keyword: `会员乙${stamp}` })).toEqual([rows[1]!.publicId]);
    expect(await found({ memberId: rows[2]!.publicId })).toEqual([rows[2]!.publicId]);
    expect(await found({ keyword: '没有这个人' })).toEqual([]);
    // The unfiltered tab still answers all of them after the filtered statements ran.
    expect((await found({})).filter((id) => all.includes(id))).toEqual(all);
    await t.db.delete(members).where(
      inArray(
        members.id,
        rows.map((r) => r.id),
      ),
    );
  });

  it('pages 我的跟进 by keyset in next-date order (none last), counts only the first page, refuses a bad cursor', async () => {
    const dates = ['2026-12-03', null, '2026-12-01', '2026-12-03'];
    const rows = await t.db
      .insert(members)
      .values(
        dates.map((nextFollowUpOn, i) => ({
          memberNo: `MK${stamp}${i}`,
          name: `翻页会员${i}`,
          phone: `1357${stamp.slice(1)}${i}`,
          homeStoreId: store.id,
          guideUserId: plain.id,
          nextFollowUpOn,
        })),
      )
      .returning({ id: members.id, publicId: members.publicId });
    type KeysetPage = {
      list: { memberId: string; nextFollowUpOn: string | null }[];
      total: number | null;
      totalExact: boolean;
      nextCursor: string | null;
    };
    const first = dataOf<KeysetPage>(await tab('mine', plain, { pageSize: 3 }));
    expect(first).toMatchObject({ total: 4, totalExact: true });
    const second = dataOf<KeysetPage>(
      await tab('mine', plain, { pageSize: 3, pageNum: 2, cursor: first.nextCursor }),
    );
    expect(second).toMatchObject({ total: null, nextCursor: null });
    // 12-01, then the two of 12-03 by id, then the one without a date.
    expect([...first.list, ...second.list].map((r) => r.memberId)).toEqual(
      [rows[2]!, rows[0]!, rows[3]!, rows[1]!].map((r) => r.publicId),
    );
    for (const cursor of ['x', Buffer.from('["2026-12-01"]').toString('base64url'), 'W1siYSJdLCAxXQ']) {
      const bad = await tab('mine', plain, { cursor });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).errorMsg).toBe('分页游标不正确，请从第一页重新查询');
    }
    await t.db.delete(members).where(
      inArray(
        members.id,
        rows.map((r) => r.id),
      ),
    );
  });

  it('lists the upgraded member without a guide under 待分配, then assigns a guide of the store', async () => {
    const counts = dataOf<MemberStoreCounts>(await get(MEMBER_PATHS.storeCounts, { storeCode: store.code }));
    expect(counts).toMatchObject({
      toAssign: { total: 1, totalExact: true },
      mine: { total: 0, totalExact: true },
      equity: { total: 1, totalExact: true },
    });
    const toAssign = dataOf<{ list: { memberId: string; phoneMasked: string }[]; total: number }>(
      await tab('toAssign'),
    );
    expect(toAssign.list).toEqual([
      expect.objectContaining({ memberId: own.publicId, phoneMasked: masked(PHONE) }),
    ]);

    const assign = (guideUserId: number, memberIds = [own.publicId], who = clerk) =>
      post(MEMBER_PATHS.assignGuide, { memberIds, guideUserId }, who);
    expect(errorOf(await assign(otherClerk.id)).errorMsg).toBe('导购不是本门店的员工');
    expect((await assign(clerk.id, [own.publicId, '0'.repeat(32)])).statusCode).toBe(404);
    expect(errorOf(await assign(clerk.id, [foreign.publicId])).errorMsg).toBe('只能为本门店的会员分配导购');
    expect((await assign(clerk.id, [], clerk)).statusCode).toBe(400);
    expect((await assign(clerk.id, [own.publicId], plain)).statusCode).toBe(403);

    const done = await assign(clerk.id);
    expect(dataOf(done)).toEqual({ assigned: 1 });
    expect(await lastAudit('member.assign_guide')).toMatchObject({ userId: clerk.id });
    const after = dataOf<MemberStoreCounts>(await get(MEMBER_PATHS.storeCounts, { storeCode: store.code }));
    expect(after).toMatchObject({ toAssign: { total: 0 }, mine: { total: 1 } });
    const guides = dataOf<{ userId: number; members: number }[]>(
      await get(MEMBER_PATHS.guideOptions, { storeCode: store.code }),
    );
    expect(guides.find((g) => g.userId === clerk.id)).toMatchObject({ members: 1 });
    expect(guides.map((g) => g.userId)).not.toContain(otherClerk.id);
  });

  it('records a follow-up with its next date, refuses bad input, and lists the overdue', async () => {
    const follow = (body: object, who = clerk, at = store) =>
      post(
        MEMBER_PATHS.followUp,
        {
          memberId: own.publicId,
          channel: 'phone',
          result: 'reached',
          content: '电话回访，反馈良好',
          ...body,
        },
        who,
        at,
      );
    expect(errorOf(await follow({ nextOn: '2000-01-01' })).errorMsg).toBe('下次跟进日期不能早于今天');
    expect(errorOf(await follow({ channel: 'fax' })).errorMsg).toBe('请选择跟进方式');
    expect(errorOf(await follow({ content: ' ' })).errorMsg).toBe('请填写跟进内容');
    expect((await follow({}, otherClerk, other)).statusCode).toBe(404);
    expect((await follow({}, plain)).statusCode).toBe(403);

    expect((await follow({ nextOn: '2099-01-01' })).statusCode).toBe(422);
    const tomorrow = new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await follow({ nextOn: tomorrow })).statusCode).toBe(200);
    expect(await lastAudit('member.follow_up')).toMatchObject({ userId: clerk.id });
    const body = dataOf<MemberProfile>(await profile(own.publicId));
    expect(body.followUps[0]).toMatchObject({ channelText: '电话', resultText: '已联系', nextOn: tomorrow });
    expect(body.nextFollowUpOn).toBe(tomorrow);

    await t.db.update(members).set({ nextFollowUpOn: '2020-01-01' }).where(eq(members.id, own.id));
    const overdue = dataOf<{ list: { memberId: string }[] }>(await tab('overdue'));
    expect(overdue.list.map((r) => r.memberId)).toEqual([own.publicId]);
    // Another store's overdue list does not hold this store's member.
    expect(dataOf<{ total: number }>(await tab('overdue', otherClerk, { storeCode: other.code })).total).toBe(
      0,
    );
  });

  it('activates an equity once and lists the rest under 权益待激活', async () => {
    const rows = dataOf<{ list: { memberId: string; detail: string; equityId: number }[] }>(
      await tab('equity'),
    );
    expect(rows.list.map((r) => r.detail)).toEqual(['95折']);
    const activate = () =>
      post(MEMBER_PATHS.activateEquity, { memberId: own.publicId, equityId: rows.list[0]!.equityId });
    expect((await activate()).statusCode).toBe(200);
    expect(errorOf(await activate())).toMatchObject({ errorCode: 'MEMBER_EQUITY_ACTIVATED' });
    expect(dataOf<{ total: number }>(await tab('equity')).total).toBe(0);
    expect(
      (await post(MEMBER_PATHS.activateEquity, { memberId: own.publicId, equityId: 999_999 })).statusCode,
    ).toBe(404);
  });

  it('lists a due repurchase until a follow-up answers it, and keeps tabs to the URL’s member', async () => {
    await t.db.insert(memberRepurchaseDue).values({
      memberId: own.id,
      category: 'mooncake',
      storeId: store.id,
      lastPurchasedAt: new Date(Date.now() - 340 * 86_400_000),
      dueOn: new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10),
    });
    const due = dataOf<{ list: { memberId: string; detail: string }[] }>(
      await tab('repurchase', clerk, { memberId: own.publicId }),
    );
    expect(due.list).toEqual([
      expect.objectContaining({ memberId: own.publicId, detail: expect.stringMatching(/^月饼 · /) }),
    ]);
    expect(
      dataOf<{ total: number }>(await tab('repurchase', clerk, { memberId: foreign.publicId })).total,
    ).toBe(0);
    await post(MEMBER_PATHS.followUp, {
      memberId: own.publicId,
      channel: 'wechat',
      result: 'purchased',
      content: '已预订月饼礼盒',
    });
    expect(dataOf<{ total: number }>(await tab('repurchase')).total).toBe(0);
    const [row] = await t.db
      .select()
      .from(memberRepurchaseDue)
      .where(and(eq(memberRepurchaseDue.memberId, own.id), eq(memberRepurchaseDue.category, 'mooncake')));
    expect(row!.followedAt).not.toBeNull();
    expect((await tab('lost')).statusCode).toBe(400);
  });
});

describe('daily member reminders', () => {
  const DAY = 86_400_000;
  type Seed = Partial<typeof members.$inferInsert> & { tag: string };
  const addMember = async (seed: Seed, i: number) => {
    const [row] = await t.db
      .insert(members)
      .values({
        memberNo: `MJ${stamp}${i}`,
        name: `提醒会员${seed.tag}`,
        phone: `1359${stamp.slice(1)}${i}`,
        homeStoreId: store.id,
        ...seed,
      })
      .returning({ id: members.id, publicId: members.publicId });
    return row!;
  };
  const messagesOf = (publicId: string) =>
    t.db
      .select({ type: imMessages.messageType, receiverId: imMessages.receiverId, text: imMessages.text })
      .from(imMessages)
      .where(and(eq(imMessages.businessType, 9), sql`${imMessages.expandInfo}->>'memberId' = ${publicId}`))
      .orderBy(imMessages.messageType, imMessages.receiverId);

  it('sends each upgrade, equity and repurchase reminder once, to the guide or else the store, run twice', async () => {
    const now = new Date();
    const needsGuide = await addMember({ tag: 'A', level: 3, levelChangedAt: now }, 1);
    const needsTags = await addMember({ tag: 'B', level: 4, levelChangedAt: now, guideUserId: clerk.id }, 2);
    const stale = await addMember(
      { tag: 'C', level: 2, levelChangedAt: new Date(now.getTime() - 30 * DAY) },
      3,
    );
    const noConsent = await addMember({ tag: 'D', level: 3, levelChangedAt: now, contactConsent: false }, 4);
    const buyer = await addMember({ tag: 'E' }, 5);
    const level4 = await t.db.select().from(memberLevelEquities).where(eq(memberLevelEquities.level, 4));
    await t.db.insert(memberEquities).values(
      level4.map((e) => ({
        memberId: needsTags.id,
        equityId: e.id,
        storeId: store.id,
        needsActivation: e.needsActivation,
        grantedAt: now,
      })),
    );
    await t.db
      .insert(skus)
      .values({
        skuCode: `MC${stamp}`,
        name: '提醒月饼',
        kind: 'retail',
        priceCents: 5880,
        category: 'mooncake',
      })
      .onConflictDoNothing();
    const [order] = await t.db
      .insert(omsOrders)
      .values({
        omsOrderNo: `OMSMJ${stamp}`,
        channel: 'online',
        memberId: buyer.id,
        customerName: '提醒会员E',
        customerPhone: '13900000000',
        deliveryType: 'pickup',
        receiverName: '提醒会员E',
        receiverPhone: '13900000000',
        regionName: '北京市大兴区',
        addressDetail: '门店自提',
        goodsCents: 5880,
        payCents: 5880,
        orderedAt: new Date(now.getTime() - 350 * DAY),
        status: 'completed',
      })
      .returning({ id: omsOrders.id });
    await t.db.insert(omsOrderItems).values({
      omsOrderId: order!.id,
      skuCode: `MC${stamp}`,
      name: '提醒月饼',
      quantity: 1,
      unitCents: 5880,
      amountCents: 5880,
    });

    expect(await t.app.jobs.runNow('members.daily-reminders')).toMatchObject({ ok: true, error: null });
    const staffIds = [clerk.id, plain.id].sort((a, b) => a - b);
    expect((await messagesOf(needsGuide.publicId)).map((m) => [m.type, m.receiverId])).toEqual(
      staffIds.map((id) => [3, id]),
    );
    expect(await messagesOf(needsTags.publicId)).toEqual([
      { type: 2, receiverId: clerk.id, text: '会员 提醒会员B 的铂金会员权益待激活：专属顾问、新品试用' },
      { type: 5, receiverId: clerk.id, text: '会员 提醒会员B 已升级为铂金会员，请为其打标签' },
    ]);
    expect(await messagesOf(stale.publicId)).toEqual([]);
    expect(await messagesOf(noConsent.publicId)).toEqual([]);
    const repurchase = await messagesOf(buyer.publicId);
    expect(repurchase.map((m) => [m.type, m.receiverId])).toEqual(staffIds.map((id) => [1, id]));
    expect(repurchase[0]!.text).toMatch(/^会员 提醒会员E 的月饼复购将于 \d{4}-\d{2}-\d{2} 到期/);
    const due = dataOf<{ list: { memberId: string }[] }>(await tab('repurchase'));
    expect(due.list.map((r) => r.memberId)).toContain(buyer.publicId);

    // The second run of the day finds every reminder sent: no message more.
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(imMessages);
    expect(await t.app.jobs.runNow('members.daily-reminders')).toMatchObject({ ok: true });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(imMessages)).toEqual(before);
  });
});
