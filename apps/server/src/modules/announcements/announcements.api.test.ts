import {
  ANNOUNCEMENT_PATHS as P,
  IM_PATHS,
  type AnnouncementAddressees,
  type AnnouncementAttachment,
  type AnnouncementDetail,
  type AnnouncementReading,
  type AnnouncementReceiptPage,
  type AnnouncementRow,
} from '@console/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementReceipts,
  announcements,
  imMessages,
  menus,
  roleMenus,
  roles,
  roleShopGroups,
  shopGroups,
  stores,
  userRoles,
} from '../../db/schema.js';
import { adminCalls, CHINESE, type Method } from '../../test/admin-calls.js';
import { expectAuditedChange } from '../../test/audit-assertions.js';
import { bearer, createUser, ensureRole, setEnabled, signIn } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { addStaff, imPost, poll, type Staff, type TestStore } from '../im/im-test-fixtures.js';

/**
 * 通知公告 (docs/domain/announcements.md). Group A holds stores A1 and A2, group B store B1. The editor's scope
 * is every store; the regional editor's is group A (a `groups` role beside a narrowed `head_office`).
 */
let t: TestApp;
let editor: { id: number; token: string };
let regional: { id: number; token: string };
let reader: string;
let clerkWithButtons: string;
const group = { A: 0, B: 0 };
const store: Record<'A1' | 'A2' | 'B1', TestStore> = {
  A1: { id: 0, code: '' },
  A2: { id: 0, code: '' },
  B1: { id: 0, code: '' },
};
/** staffA1 works in A1; both in A1 and A2; staffB1 in B1; cashier holds the cashier role and store B1. */
let staffA1: Staff;
let both: Staff;
let staffB1: Staff;
let cashier: Staff;
let cashierRoleId: number;
let secretRoleId: number;

const BUTTONS = ['notice:add', 'notice:edit', 'notice:publish', 'notice:del'];
const { send, ok, refused } = adminCalls(
  () => t,
  () => editor.token,
  '10.9.7.1',
);

const form = (extra: Record<string, unknown> = {}) => ({
  title: '双十一活动通知',
  content: '<p>各门店请于<strong>周五</strong>前完成陈列。</p>',
  targets: { groupIds: [], storeIds: [store.A1.id], roleIds: [] },
  ...extra,
});
const create = (extra: Record<string, unknown> = {}, as = editor.token) =>
  ok<AnnouncementDetail>('POST', P.create, form(extra), as);
const publish = (id: number, as = editor.token) => ok<AnnouncementDetail>('POST', P.publish, { id }, as);
const noticeCount = () => t.db.$count(announcements);
const inboxTotal = async (staff: Staff, s: TestStore) => {
  const response = await imPost(t, IM_PATHS.pageList, staff, {
    receiver: staff.workCode,
    storeCode: s.code,
    pageNum: 1,
  });
  return response.json<{ data: { total: number } }>().data.total;
};
const read = (id: number, staff: { token: string }) =>
  send('POST', P.read, staff.token, { id }) as ReturnType<typeof send>;

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----notice-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const upload = (id: number, filename: string, bytes: Buffer, token = editor.token) => {
  const body = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: `${P.attachments}?id=${id}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
    remoteAddress: '10.9.7.1',
  });
};
const PDF = Buffer.from('%PDF-1.4\n%test\n');

beforeAll(async () => {
  t = await createTestApp();
  const groups = await t.db
    .insert(shopGroups)
    .values([
      { frontTitle: '公告甲区', sort: 1 },
      { frontTitle: '公告乙区', sort: 2 },
    ])
    .returning({ id: shopGroups.id });
  group.A = groups[0]!.id;
  group.B = groups[1]!.id;
  for (const [code, g] of [
    ['A1', group.A],
    ['A2', group.A],
    ['B1', group.B],
  ] as const) {
    const shopCode = `NT${code}${Date.now() % 100000}`;
    const [row] = await t.db
      .insert(stores)
      .values({ shopCode, shopName: `公告${code}店`, businessScopeName: code, shopGroupId: g })
      .returning({ id: stores.id });
    store[code] = { id: row!.id, code: shopCode };
  }
  staffA1 = await addStaff(t, store.A1);
  both = await addStaff(t, store.A1, store.A2);
  staffB1 = await addStaff(t, store.B1);
  cashier = await addStaff(t, store.B1, store.A2);
  cashierRoleId = (await ensureRole(t.db, 'notice_cashier', { name: '收银员' })).id;
  await t.db.insert(userRoles).values({ userId: cashier.id, roleId: cashierRoleId });

  // head_office narrowed to its own stores; the wide editor gets `all` through a role of its own.
  await ensureRole(t.db, 'head_office');
  await t.db.update(roles).set({ dataScope: 'own' }).where(eq(roles.permission, 'head_office'));
  const wide = await ensureRole(t.db, 'notice_ops_all');
  await t.db.update(roles).set({ dataScope: 'all' }).where(eq(roles.id, wide.id));
  const region = await ensureRole(t.db, 'notice_region_a');
  await t.db.update(roles).set({ dataScope: 'groups' }).where(eq(roles.id, region.id));
  await t.db.insert(roleShopGroups).values({ roleId: region.id, shopGroupId: group.A });
  // A role holding a menu the regional editor does not hold: not theirs to address.
  const [menu] = await t.db
    .insert(menus)
    .values({ type: 1, title: '公告测试页', name: 'NoticeTestPage', path: 'notice-test', component: 'X' })
    .returning({ id: menus.id });
  secretRoleId = (await ensureRole(t.db, 'notice_secret', { name: '机密角色' })).id;
  await t.db.insert(roleMenus).values({ roleId: secretRoleId, menuId: menu!.id });

  const e = await createUser(t.db, { roles: ['head_office', 'notice_ops_all', ...BUTTONS] });
  editor = { id: e.id, token: await signIn(t.app, e) };
  const r = await createUser(t.db, { roles: ['head_office', 'notice_region_a', ...BUTTONS] });
  regional = { id: r.id, token: await signIn(t.app, r) };
  reader = await signIn(t.app, await createUser(t.db, { roles: ['head_office'] }));
  clerkWithButtons = await signIn(t.app, await createUser(t.db, { roles: ['store_staff', ...BUTTONS] }));
});

afterAll(() => t.close());

describe('access', () => {
  const valid = { title: '通知', content: '<p>内容</p>', targets: { storeIds: [1] } };
  const calls: [Method, string, Record<string, unknown>][] = [
    ['POST', P.page, {}],
    ['GET', P.detail, { id: 1 }],
    ['GET', P.receipts, { id: 1 }],
    ['GET', P.addressees, {}],
    ['POST', P.create, valid],
    ['PUT', P.update, { id: 1, ...valid }],
    ['DELETE', P.remove, { id: 1 }],
    ['POST', P.publish, { id: 1 }],
    ['POST', P.withdraw, { id: 1 }],
    ['DELETE', P.attachments, { id: 1 }],
  ];

  it('answers 401 to an anonymous caller and 403 to store staff holding the buttons; nothing is written', async () => {
    const before = await noticeCount();
    for (const [method, url, input] of calls) {
      expect((await send(method, url, null, input)).statusCode, `${method} ${url}`).toBe(401);
      const response = await send(method, url, clerkWithButtons, input);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect(await noticeCount()).toBe(before);
  });

  it('lets head office without the buttons read but not change', async () => {
    await ok('POST', P.page, {}, reader);
    await refused('POST', P.create, form(), 403, /权/, reader);
    expect((await read(1, { token: '' })).statusCode).toBe(401);
  });
});

describe('writing a notice', () => {
  it('saves a draft with the content sanitised, its addressees, and an audit row', async () => {
    const notice = await create({
      content:
        '<p onclick="steal()">通知<script>alert(1)</script><a href="javascript:alert(1)">链接</a>' +
        '<a href="https://example.com">官网</a></p><style>body{}</style><img src=x onerror=alert(1)>',
      targets: { groupIds: [group.B], storeIds: [store.A1.id], roleIds: [cashierRoleId] },
    });
    expect(notice.status).toBe('draft');
    expect(notice.content).not.toMatch(/script|onclick|onerror|javascript:|style|<img/i);
    expect(notice.content).toContain('href="https://example.com"');
    expect(notice.targets.groups.map((g) => g.name)).toEqual(['公告乙区']);
    expect(notice.targets.stores.map((s) => s.code)).toEqual([store.A1.code]);
    expect(notice.targets.roles.map((r) => r.name)).toEqual(['收银员']);
    expect(notice.recipientCount).toBe(0);
    const audit = await expectAuditedChange(t.db, 'announcement.create', editor.id);
    expect(JSON.stringify(audit.after)).not.toContain('<script>');
  });

  it('refuses bad input with a Chinese 4xx and saves nothing', async () => {
    const before = await noticeCount();
    await refused('POST', P.create, form({ title: '' }), 400, /标题/);
    await refused('POST', P.create, form({ title: '长'.repeat(65) }), 400, /64/);
    await refused('POST', P.create, form({ content: '<script>alert(1)</script>' }), 422, /内容/);
    await refused('POST', P.create, form({ content: 'x'.repeat(20_001) }), 400, /20000/);
    await refused(
      'POST',
      P.create,
      form({ targets: { groupIds: [], storeIds: [], roleIds: [] } }),
      400,
      /接收对象/,
    );
    await refused('POST', P.create, form({ targets: { storeIds: [999_999] } }), 422, /门店不存在/);
    await refused('POST', P.create, form({ targets: { groupIds: [999_999] } }), 422, /门店分组不存在/);
    await refused('POST', P.create, form({ targets: { roleIds: [999_999] } }), 422, /角色不存在/);
    await refused('POST', P.create, form({ targets: { storeIds: ['x'] } }), 400, /门店不正确/);
    await refused('POST', P.create, form({ publishAt: '明天' }), 400, /时间格式/);
    await refused(
      'POST',
      P.create,
      form({ publishAt: new Date(t.clock().getTime() - 60_000).toISOString() }),
      422,
      /晚于当前时间/,
    );
    expect(await noticeCount()).toBe(before);
  });

  it('edits a draft (audited) and refuses to edit a missing notice', async () => {
    const notice = await create();
    const edited = await ok<AnnouncementDetail>('PUT', P.update, {
      id: notice.id,
      ...form({ title: '改后' }),
    });
    expect(edited.title).toBe('改后');
    const audit = await expectAuditedChange(t.db, 'announcement.update', editor.id);
    expect(audit.before).toMatchObject({ title: '双十一活动通知' });
    await refused('PUT', P.update, { id: 999_999, ...form() }, 404, /公告不存在/);
  });

  it('deletes a draft only', async () => {
    const draft = await create();
    await ok('DELETE', P.remove, { id: draft.id });
    await expectAuditedChange(t.db, 'announcement.delete', editor.id);
    await refused('GET', P.detail, { id: draft.id }, 404, /公告不存在/);
    const sent = await create();
    await publish(sent.id);
    await refused('DELETE', P.remove, { id: sent.id }, 409, /只有草稿可以删除/);
    await refused('PUT', P.update, { id: sent.id, ...form() }, 409, /只有草稿可以编辑/);
  });

  it('lists with status, keyword and day filters and read counts', async () => {
    const notice = await create({ title: '关键字筛选公告' });
    const page = await ok<{ list: AnnouncementRow[]; total: number }>('POST', P.page, {
      keyword: '关键字筛选',
    });
    expect(page.list.map((r) => r.id)).toEqual([notice.id]);
    expect(page.list[0]!.targetSummary).toBe(`公告A1店`);
    const drafts = await ok<{ list: AnnouncementRow[] }>('POST', P.page, { status: 'draft', pageSize: 50 });
    expect(drafts.list.every((r) => r.status === 'draft')).toBe(true);
    const none = await ok<{ total: number }>('POST', P.page, {
      dateFrom: '2000-01-01',
      dateTo: '2000-01-02',
    });
    expect(none.total).toBe(0);
    await refused('POST', P.page, { status: 'sent' }, 400, /状态/);
    await refused('POST', P.page, { dateFrom: '2026-02-02', dateTo: '2026-02-01' }, 400, /开始日期/);
  });
});

describe('data scope', () => {
  it('offers the regional editor only its groups, its stores and roles it could grant', async () => {
    const options = await ok<AnnouncementAddressees>('GET', P.addressees, {}, regional.token);
    expect(options.groups.map((g) => g.id)).toEqual([group.A]);
    const storeIds = options.stores.map((s) => s.id);
    expect(storeIds).toEqual(expect.arrayContaining([store.A1.id, store.A2.id]));
    expect(storeIds).not.toContain(store.B1.id);
    expect(options.roles.map((r) => r.id)).toContain(cashierRoleId);
    expect(options.roles.map((r) => r.id)).not.toContain(secretRoleId);
    const filtered = await ok<AnnouncementAddressees>('GET', P.addressees, { keyword: 'A2' }, regional.token);
    expect(filtered.stores.map((s) => s.id)).toEqual([store.A2.id]);
  });

  it('refuses groups, stores and roles outside it, naming them, and saves nothing', async () => {
    const before = await noticeCount();
    const as = regional.token;
    await refused(
      'POST',
      P.create,
      form({ targets: { groupIds: [group.B] } }),
      403,
      /公告乙区.*数据权限/,
      as,
    );
    await refused('POST', P.create, form({ targets: { storeIds: [store.B1.id] } }), 403, /公告B1店/, as);
    await refused('POST', P.create, form({ targets: { roleIds: [secretRoleId] } }), 403, /机密角色/, as);
    expect(await noticeCount()).toBe(before);
    const mine = await create({ targets: { groupIds: [group.A], roleIds: [cashierRoleId] } }, as);
    expect(mine.status).toBe('draft');
  });

  it('checks the addressees again for whoever publishes', async () => {
    const wide = await create({ targets: { storeIds: [store.B1.id] } });
    await refused('POST', P.publish, { id: wide.id }, 403, /公告B1店/, regional.token);
    expect((await ok<AnnouncementDetail>('GET', P.detail, { id: wide.id })).status).toBe('draft');
  });
});

describe('publishing', () => {
  it('reaches each addressee once, in one inbox, as a pop-up of the message center', async () => {
    // Group A (A1, A2) and the cashier role: both holds A1 and A2, the cashier B1 and A2, staffB1 is not addressed.
    const notice = await create({ targets: { groupIds: [group.A], roleIds: [cashierRoleId] } });
    const published = await publish(notice.id);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    expect(published.recipientCount).toBe(3);
    await expectAuditedChange(t.db, 'announcement.publish', editor.id);

    const receipts = await t.db
      .select()
      .from(announcementReceipts)
      .where(eq(announcementReceipts.announcementId, notice.id));
    const inboxOf = Object.fromEntries(receipts.map((r) => [r.userId, r.storeId]));
    expect(inboxOf).toEqual({
      [staffA1.id]: store.A1.id,
      [both.id]: store.A1.id,
      // Reached through group A before the role: its A2 store, not B1.
      [cashier.id]: store.A2.id,
    });
    const messages = await t.db
      .select()
      .from(imMessages)
      .where(
        inArray(
          imMessages.id,
          receipts.map((r) => r.messageId!),
        ),
      );
    expect(messages).toHaveLength(3);
    expect(messages.every((m) => m.businessType === 11 && m.title === '双十一活动通知')).toBe(true);
    expect(messages[0]!.text).toBe('各门店请于周五前完成陈列。');
    expect(messages[0]!.expandInfo).toEqual({ announcementId: notice.id });

    // The pop-up: answered until acknowledged, then never again.
    const mine = receipts.find((r) => r.userId === staffA1.id)!.messageId!;
    const first = await poll(t, staffA1, store.A1, { ackIds: [], size: 100 });
    const ids = first.json.data!.messageList.map((m) => m.messageId).filter((id) => id === mine);
    expect(ids).toEqual([mine]);
    await poll(t, staffA1, store.A1, { ackIds: ids });
    expect(await t.db.$count(imMessages, and(inArray(imMessages.id, ids), eq(imMessages.status, 0)))).toBe(0);
    // Nothing in the other store's inbox of a user of two stores.
    expect(await inboxTotal(both, store.A2)).toBe(0);
    expect(await inboxTotal(staffB1, store.B1)).toBe(0);

    await refused('POST', P.publish, { id: notice.id }, 409, /只有草稿可以发布/);
    expect(await t.db.$count(announcementReceipts, eq(announcementReceipts.announcementId, notice.id))).toBe(
      3,
    );
  });

  it('skips disabled users and refuses a notice that reaches nobody, leaving it a draft', async () => {
    const lonely = await addStaff(t);
    const roleId = (await ensureRole(t.db, 'notice_nobody', { name: '无人角色' })).id;
    await t.db.insert(userRoles).values({ userId: lonely.id, roleId });
    const notice = await create({ targets: { roleIds: [roleId] } });
    await refused('POST', P.publish, { id: notice.id }, 422, /没有可接收公告的员工/);
    expect((await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id })).status).toBe('draft');

    await setEnabled(t.db, [staffB1.id], false);
    const toB = await create({ targets: { storeIds: [store.B1.id] } });
    const sent = await publish(toB.id);
    expect(sent.recipientCount).toBe(1); // the cashier; staffB1 is disabled
    await setEnabled(t.db, [staffB1.id], true);
  });

  it('schedules a notice with a later time and the job publishes it once when the time comes', async () => {
    const at = new Date(t.clock().getTime() + 60 * 60_000);
    const notice = await create({ publishAt: at.toISOString(), targets: { storeIds: [store.B1.id] } });
    const scheduled = await publish(notice.id);
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.publishAt).toBe(at.toISOString());
    await refused('POST', P.publish, { id: notice.id }, 409, /只有草稿/);

    await t.app.jobs.runNow('announcements.publish-due');
    expect((await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id })).status).toBe('scheduled');
    expect(await inboxTotal(staffB1, store.B1)).toBe(0);

    t.clock.advance(60 * 60_000 + 1_000);
    await t.app.jobs.runNow('announcements.publish-due');
    await t.app.jobs.runNow('announcements.publish-due');
    const published = await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id });
    expect(published.status).toBe('published');
    expect(published.recipientCount).toBe(2);
    expect(await inboxTotal(staffB1, store.B1)).toBe(1);
    const [row] = await t.db
      .select()
      .from(announcementReceipts)
      .where(
        and(eq(announcementReceipts.announcementId, notice.id), eq(announcementReceipts.userId, staffB1.id)),
      );
    expect(row?.messageId).not.toBeNull();
  });

  it('never publishes a scheduled notice withdrawn before its time', async () => {
    const at = new Date(t.clock().getTime() + 60_000);
    const notice = await create({ publishAt: at.toISOString(), targets: { storeIds: [store.A2.id] } });
    await publish(notice.id);
    await ok('POST', P.withdraw, { id: notice.id });
    t.clock.advance(120_000);
    await t.app.jobs.runNow('announcements.publish-due');
    const after = await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id });
    expect(after.status).toBe('withdrawn');
    expect(after.recipientCount).toBe(0);
  });
});

describe('reading and receipts', () => {
  it('opens for addressees only, marks read, and the read list shows who read it', async () => {
    const notice = await create({ targets: { storeIds: [store.A1.id] } });
    await publish(notice.id);

    const opened = await read(notice.id, staffA1);
    expect(opened.statusCode, opened.body).toBe(200);
    const reading = opened.json().data as AnnouncementReading;
    expect(reading.title).toBe('双十一活动通知');
    expect(reading.content).toContain('<strong>周五</strong>');
    // Opening it in the reader marks the message read too.
    const [message] = await t.db
      .select({ status: imMessages.status })
      .from(imMessages)
      .innerJoin(announcementReceipts, eq(announcementReceipts.messageId, imMessages.id))
      .where(
        and(eq(announcementReceipts.announcementId, notice.id), eq(announcementReceipts.userId, staffA1.id)),
      );
    expect(message?.status).toBe(2);

    for (const outsider of [staffB1, { token: reader }]) {
      const response = await read(notice.id, outsider);
      expect(response.statusCode).toBe(404);
      expect(response.json().errorMsg).toBe('公告不存在或已撤回');
    }

    const all = await ok<AnnouncementReceiptPage>('GET', P.receipts, { id: notice.id });
    expect(all.total).toBe(2);
    expect(all.readCount).toBe(1);
    expect(all.unreadCount).toBe(1);
    const readRow = all.list.find((r) => r.userId === staffA1.id)!;
    expect(readRow).toMatchObject({ read: true, storeCode: store.A1.code });
    expect(readRow.readAt).not.toBeNull();
    const unread = await ok<AnnouncementReceiptPage>('GET', P.receipts, { id: notice.id, read: 'unread' });
    expect(unread.list.map((r) => r.userId)).toEqual([both.id]);

    // Marking it read in the message center counts as read as well.
    const receipts = await t.db
      .select({ messageId: announcementReceipts.messageId })
      .from(announcementReceipts)
      .where(
        and(eq(announcementReceipts.announcementId, notice.id), eq(announcementReceipts.userId, both.id)),
      );
    await imPost(t, IM_PATHS.operate, both, {
      receiver: both.workCode,
      storeCode: store.A1.code,
      operateType: 3,
      ids: [receipts[0]!.messageId],
    });
    const row = (await ok<{ list: AnnouncementRow[] }>('POST', P.page, { pageSize: 50 })).list.find(
      (r) => r.id === notice.id,
    );
    expect(row).toMatchObject({ recipientCount: 2, readCount: 2 });
    await refused('GET', P.receipts, { id: 999_999 }, 404, /公告不存在/);
    await refused('GET', P.receipts, { id: notice.id, read: 'maybe' }, 400, /阅读状态/);
  });
});

describe('withdrawing', () => {
  it('takes the message out of every inbox, closes the reader and is audited', async () => {
    const notice = await create({ targets: { groupIds: [group.A] } });
    await publish(notice.id);
    expect(await inboxTotal(both, store.A1)).toBeGreaterThan(0);
    const beforeBoth = await inboxTotal(both, store.A1);
    const noticeMessageIds = await messagesOfNotice(notice.id);
    expect(noticeMessageIds).toHaveLength(3);

    const withdrawn = await ok<AnnouncementDetail>('POST', P.withdraw, { id: notice.id });
    expect(withdrawn.status).toBe('withdrawn');
    expect(withdrawn.withdrawnAt).not.toBeNull();
    const audit = await expectAuditedChange(t.db, 'announcement.withdraw', editor.id);
    expect(audit.after).toMatchObject({ removedMessages: 3 });

    expect(await inboxTotal(both, store.A1)).toBe(beforeBoth - 1);
    expect(await t.db.$count(imMessages, inArray(imMessages.id, noticeMessageIds))).toBe(0);
    const pending = await poll(t, staffA1, store.A1);
    expect(pending.json.data!.messageList.filter((m) => noticeMessageIds.includes(m.messageId))).toEqual([]);
    expect((await read(notice.id, staffA1)).statusCode).toBe(404);
    // The read list stays.
    expect((await ok<AnnouncementReceiptPage>('GET', P.receipts, { id: notice.id })).total).toBe(3);
    await refused('POST', P.withdraw, { id: notice.id }, 409, /只有待发布或已发布/);
    await refused('POST', P.withdraw, { id: (await create()).id }, 409, /只有待发布或已发布/);
  });
});

async function messagesOfNotice(id: number): Promise<number[]> {
  const rows = await t.db
    .select({ messageId: announcementReceipts.messageId })
    .from(announcementReceipts)
    .where(eq(announcementReceipts.announcementId, id));
  return rows.map((r) => r.messageId!).filter(Boolean);
}

describe('attachments', () => {
  it('attaches checked files to a draft and serves them to head office and addressees only', async () => {
    const notice = await create({ targets: { storeIds: [store.A2.id] } });
    const added = await upload(notice.id, '陈列指引.pdf', PDF);
    expect(added.statusCode, added.body).toBe(200);
    const attachment = added.json().data as AnnouncementAttachment;
    expect(attachment).toMatchObject({ fileName: '陈列指引.pdf', size: PDF.length });
    await expectAuditedChange(t.db, 'announcement.attachment.add', editor.id);

    const fake = await upload(notice.id, 'virus.pdf', Buffer.from('MZ\x90\x00'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errorMsg).toMatch(/不符/);
    const exe = await upload(notice.id, 'tool.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errorMsg).toMatch(/不支持的附件类型/);
    const noId = await upload(Number.NaN, 'a.pdf', PDF);
    expect(noId.statusCode).toBe(400);
    const missing = await upload(999_999, 'a.pdf', PDF);
    expect(missing.statusCode).toBe(404);
    expect((await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id })).attachments).toHaveLength(1);

    const byHeadOffice = await send('GET', P.attachmentFile, reader, { id: attachment.id });
    expect(byHeadOffice.statusCode).toBe(200);
    expect(byHeadOffice.headers['content-type']).toBe('application/pdf');
    expect(byHeadOffice.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('陈列指引.pdf')}`,
    );
    expect(byHeadOffice.rawPayload.equals(PDF)).toBe(true);
    // Before publishing not even an addressee-to-be downloads it.
    expect((await send('GET', P.attachmentFile, both.token, { id: attachment.id })).statusCode).toBe(404);

    await publish(notice.id);
    expect((await upload(notice.id, 'b.pdf', PDF)).statusCode).toBe(409);
    await refused('DELETE', P.attachments, { id: attachment.id }, 409, /只有草稿/);
    expect((await send('GET', P.attachmentFile, both.token, { id: attachment.id })).statusCode).toBe(200);
    expect((await send('GET', P.attachmentFile, staffB1.token, { id: attachment.id })).statusCode).toBe(404);
    const opened = (await read(notice.id, both)).json().data as AnnouncementReading;
    expect(opened.attachments.map((a) => a.fileName)).toEqual(['陈列指引.pdf']);
  });

  it('removes an attachment of a draft (audited) and caps them at five', async () => {
    const notice = await create();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await upload(notice.id, `f${i}.txt`, Buffer.from(`第${i}份`))).json().data.id);
    const sixth = await upload(notice.id, 'f5.txt', Buffer.from('六'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().errorMsg).toMatch(/最多5个/);
    await ok('DELETE', P.attachments, { id: ids[0] });
    await expectAuditedChange(t.db, 'announcement.attachment.remove', editor.id);
    await refused('DELETE', P.attachments, { id: ids[0] }, 404, /附件不存在/);
    const detail = await ok<AnnouncementDetail>('GET', P.detail, { id: notice.id });
    expect(detail.attachments).toHaveLength(4);
  });
});
