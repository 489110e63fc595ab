import { MESSAGE_STATUS, messageKindOf, type ExpandInfo } from '@console/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import { imMessages, stores, users } from '../schema.js';

type DemoMessage = {
  username: 'staff' | 'admin';
  store: string;
  businessType: number;
  messageType: number;
  text: string;
  expandInfo: ExpandInfo;
  minutesAgo: number;
  read: boolean;
};

const HOUR = 60;
const DAY = 24 * HOUR;

// One message per line reads as a table. Member messages (business type 9) are not here: the demo members' first
// daily reminder run sends them (demo-members.ts), each naming a real member by its public id.
// prettier-ignore
export const DEMO_MESSAGES: readonly DemoMessage[] = [
  { username: 'staff', store: '亦庄文化园店', businessType: 1, messageType: 1, text: '线上订单 SO202605010012 待接单，顾客：王女士', expandInfo: { id: 'SO202605010012' }, minutesAgo: 12, read: false },
  { username: 'staff', store: '亦庄文化园店', businessType: 2, messageType: 1, text: '附近顾客下单，订单 PO88120 可抢单', expandInfo: { performancePlanOrderNo: 'PO88120' }, minutesAgo: 47, read: false },
  { username: 'staff', store: '亦庄文化园店', businessType: 4, messageType: 9, text: '要货单 RG5521 中“鲜肉月饼”缺货 20 盒', expandInfo: { id: '5521', orderNo: 'RG5521' }, minutesAgo: 3 * HOUR, read: false },
  { username: 'staff', store: '亦庄文化园店', businessType: 5, messageType: 21, text: '要货单 RG5530 等待您审核', expandInfo: { id: '5530' }, minutesAgo: 5 * HOUR, read: false },
  { username: 'staff', store: '亦庄文化园店', businessType: 6, messageType: 31, text: '要货单 RG5490 审核通过', expandInfo: { id: '5490', orderNo: 'RG5490' }, minutesAgo: DAY + 2 * HOUR, read: true },
  { username: 'staff', store: '亦庄文化园店', businessType: 10, messageType: 1, text: '端午节促销活动将于明日开始，请提前布置门店', expandInfo: {}, minutesAgo: 2 * DAY, read: true },
  { username: 'staff', store: '亦庄荣华店', businessType: 4, messageType: 5, text: '调入单 IN7781 已发货，请注意收货', expandInfo: { inOrderNo: 'IN7781' }, minutesAgo: 2 * HOUR, read: false },
  { username: 'staff', store: '亦庄荣华店', businessType: 2, messageType: 3, text: '顾客取消了订单 VO33019', expandInfo: { sourceOrderNo: 'VO33019' }, minutesAgo: DAY, read: true },
  { username: 'admin', store: '亦庄文化园店', businessType: 5, messageType: 24, text: '借货单 BR2207 等待您审核', expandInfo: { id: '2207' }, minutesAgo: 30, read: false },
  { username: 'admin', store: '亦庄文化园店', businessType: 3, messageType: 1, text: '履约单 FO9911 申请取消，请核查', expandInfo: { id: 'FO9911' }, minutesAgo: 4 * HOUR, read: false },
  { username: 'admin', store: '亦庄文化园店', businessType: 6, messageType: 38, text: '借货单 BR2190 被驳回：数量超出可借库存', expandInfo: { id: '2190' }, minutesAgo: 3 * DAY, read: true },
];

/**
 * A few messages of varied kinds for the `staff` and `admin` demo accounts, already delivered (unread or read):
 * the center has history to show, and nobody gets pop-ups of old news at sign-in.
 */
export async function seedDemoMessages(tx: Database, now: Date): Promise<number> {
  const userRows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['staff', 'admin']));
  const storeRows = await tx
    .select({ id: stores.id, shopName: stores.shopName })
    .from(stores)
    .where(inArray(stores.shopName, [...new Set(DEMO_MESSAGES.map((m) => m.store))]));
  const userIdOf = new Map(userRows.map((u) => [u.username, u.id]));
  const storeIdOf = new Map(storeRows.map((s) => [s.shopName, s.id]));

  const rows = DEMO_MESSAGES.flatMap((m) => {
    const receiverId = userIdOf.get(m.username);
    const storeId = storeIdOf.get(m.store);
    const kind = messageKindOf(m.businessType, m.messageType);
    if (!receiverId || !storeId || !kind) throw new Error(`demo seed: bad demo message ${m.text}`);
    const createdAt = new Date(now.getTime() - m.minutesAgo * 60_000);
    const pushedAt = new Date(createdAt.getTime() + 1_000);
    return [
      {
        storeId,
        receiverId,
        businessType: m.businessType,
        messageType: m.messageType,
        title: kind.title,
        text: m.text,
        expandInfo: m.expandInfo,
        status: m.read ? MESSAGE_STATUS.read : MESSAGE_STATUS.unread,
        source: 'demo-seed',
        createdAt,
        pushedAt,
        readAt: m.read ? new Date(pushedAt.getTime() + 10 * 60_000) : null,
      },
    ];
  });
  // Oldest first, so message ids grow with time like real traffic.
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await tx.insert(imMessages).values(rows);
  return rows.length;
}
