import { MESSAGE_STATUS } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  announcementReceipts,
  announcements,
  announcementTargets,
  imMessages,
  roles,
  shopGroups,
  stores,
  users,
  userStores,
} from '../schema.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * 通知公告 in every state, written by `admin`: a published notice to 亦庄文化园店 whose messages are already
 * delivered (read by `staff`, so nobody gets a pop-up of old news at sign-in), one scheduled for a shop group, a
 * draft for the store managers and a withdrawn one (docs/domain/announcements.md).
 */
export async function seedDemoAnnouncements(tx: Database, now: Date): Promise<number> {
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.shopName, '亦庄文化园店'));
  const [group] = await tx
    .select({ id: shopGroups.id })
    .from(shopGroups)
    .where(eq(shopGroups.frontTitle, '华东一区'));
  const [managers] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.permission, 'store_manager'));
  if (!admin || !store || !group || !managers)
    throw new Error('demo seed: announcements need admin, a store, a group, a role');

  const insert = async (
    values: Omit<typeof announcements.$inferInsert, 'createdBy'>,
    target: { kind: 'group' | 'store' | 'role'; targetId: number },
  ) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...values, createdBy: admin.id })
      .returning({ id: announcements.id });
    await tx.insert(announcementTargets).values({ announcementId: row!.id, ...target });
    return row!.id;
  };

  const publishedAt = new Date(now.getTime() - 2 * DAY);
  const published = await insert(
    {
      title: '关于做好双十一备货工作的通知',
      content:
        '<p>各门店：</p><p>双十一活动将于<strong>11月11日</strong>开始，请于活动前三天完成以下工作：</p>' +
        '<ol><li>核对热销品库存，缺货及时要货；</li><li>完成门店陈列与价签更新；</li><li>安排好活动期间的排班。</li></ol>' +
        '<p>如有问题请联系区域运营。</p>',
      status: 'published',
      publishAt: null,
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - HOUR),
      updatedAt: publishedAt,
    },
    { kind: 'store', targetId: store.id },
  );
  const staff = await tx
    .select({ id: users.id, username: users.username })
    .from(userStores)
    .innerJoin(users, eq(users.id, userStores.userId))
    .where(and(eq(userStores.storeId, store.id), eq(users.enabled, true)));
  for (const person of staff) {
    const read = person.username === 'staff';
    const [message] = await tx
      .insert(imMessages)
      .values({
        storeId: store.id,
        receiverId: person.id,
        businessType: 11,
        messageType: 1,
        title: '关于做好双十一备货工作的通知',
        text: '各门店： 双十一活动将于11月11日开始，请于活动前三天完成以下工作：',
        expandInfo: { announcementId: published },
        status: read ? MESSAGE_STATUS.read : MESSAGE_STATUS.unread,
        source: 'announcements',
        createdAt: publishedAt,
        pushedAt: publishedAt,
        readAt: read ? new Date(publishedAt.getTime() + HOUR) : null,
      })
      .returning({ id: imMessages.id });
    await tx.insert(announcementReceipts).values({
      announcementId: published,
      userId: person.id,
      storeId: store.id,
      messageId: message!.id,
      readAt: read ? new Date(publishedAt.getTime() + HOUR) : null,
      createdAt: publishedAt,
    });
  }

  await insert(
    {
      title: '华东一区门店巡检安排',
      content: '<p>区域运营将于下周对华东一区门店进行例行巡检，请各店做好准备。</p>',
      status: 'scheduled',
      publishAt: new Date(now.getTime() + 3 * DAY),
      createdAt: new Date(now.getTime() - 3 * HOUR),
      updatedAt: new Date(now.getTime() - 3 * HOUR),
    },
    { kind: 'group', targetId: group.id },
  );
  await insert(
    {
      title: '店长月度例会通知（草稿）',
      content: '<p>本月店长例会定于月底召开，具体时间另行通知。</p>',
      status: 'draft',
      createdAt: new Date(now.getTime() - HOUR),
      updatedAt: new Date(now.getTime() - HOUR),
    },
    { kind: 'role', targetId: managers.id },
  );
  await insert(
    {
      title: '系统维护通知（已撤回）',
      content: '<p>系统将于周日凌晨维护，届时暂停使用。</p>',
      status: 'withdrawn',
      publishedAt: new Date(now.getTime() - 5 * DAY),
      withdrawnAt: new Date(now.getTime() - 4 * DAY),
      createdAt: new Date(now.getTime() - 5 * DAY),
      updatedAt: new Date(now.getTime() - 4 * DAY),
    },
    { kind: 'store', targetId: store.id },
  );
  return tx.$count(announcements);
}
