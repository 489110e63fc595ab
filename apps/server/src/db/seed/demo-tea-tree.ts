import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { writeAdoption } from '../../modules/tea-tree/adoption-writer.js';
import { adoptionPrice } from '../../modules/tea-tree/tea-tree-pricing.js';
import { members, stores, teaTreeActivities, type TeaTreeDeliveryPlan } from '../schema.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';
import { randomFor } from './prng.js';
import { TEA_TREE_LEVEL_DISCOUNTS } from './tea-tree.js';

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;
const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY_MS + SHANGHAI_MS).toISOString().slice(0, 10);

/** Last season's (closed, harvest delivered), this season's (open now) and the next one (not yet open). */
function activityPlans(now: Date) {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  const plan = (...rounds: [number, string][]): TeaTreeDeliveryPlan =>
    rounds.map(([days, content], i) => ({ round: i + 1, plannedDate: dayOf(now, days), content }));
  return [
    {
      activityNo: 'TT2026AUT',
      name: '武夷岩茶秋季认养',
      season: '2026秋茶季',
      garden: '福建武夷山星村茶园',
      treeCount: 120,
      priceCents: 68_800,
      benefits: '认养证书、茶树挂牌、秋茶两次交付',
      signUpStart: at(-120),
      signUpEnd: at(-60),
      deliveries: plan([-40, '大红袍 250g'], [-10, '肉桂 250g']),
    },
    {
      activityNo: 'TT2027SPR',
      name: '西湖龙井春季认养',
      season: '2027春茶季',
      garden: '杭州西湖龙井村',
      treeCount: 200,
      priceCents: 128_000,
      benefits: '认养证书、以会员名字挂牌、春茶两次交付、茶园一日游',
      signUpStart: at(-10),
      signUpEnd: at(45),
      deliveries: plan([110, '明前龙井 250g'], [135, '雨前龙井 500g']),
    },
    {
      activityNo: 'TT2027SUM',
      name: '安吉白茶夏季认养',
      season: '2027夏茶季',
      garden: '浙江安吉溪龙乡',
      treeCount: 150,
      priceCents: 98_000,
      benefits: '认养证书、茶树挂牌、白茶一次交付',
      signUpStart: at(50),
      signUpEnd: at(90),
      deliveries: plan([160, '安吉白茶 250g']),
    },
  ];
}

/**
 * Demo tea-tree activities and, for each demo order store, adoptions of its members: completed ones of last
 * season and active ones of this season, each with its completed adoption order (docs/domain/tea-tree.md).
 */
export async function seedDemoTeaTree(tx: Database, now: Date): Promise<void> {
  const activities = await tx.insert(teaTreeActivities).values(activityPlans(now)).returning();
  const storeRows = await tx
    .select({ id: stores.id, shopName: stores.shopName })
    .from(stores)
    .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]));
  const percentOf = new Map(TEA_TREE_LEVEL_DISCOUNTS.map((d) => [d.level, d.discountPercent]));
  let seq = 0;
  for (const store of storeRows) {
    const random = randomFor(`tea-tree:${store.shopName}`);
    const storeMembers = await tx
      .select()
      .from(members)
      .where(and(eq(members.homeStoreId, store.id), eq(members.temporary, false)));
    const picks = [
      { activity: activities[0]!, daysAgo: 100 },
      { activity: activities[0]!, daysAgo: 75 },
      { activity: activities[1]!, daysAgo: 6 },
      { activity: activities[1]!, daysAgo: 1 },
    ];
    for (const [i, pick] of picks.entries()) {
      const member = storeMembers[i % Math.max(storeMembers.length, 1)];
      if (!member) break;
      const trees = random.int(1, 3);
      const percent = percentOf.get(member.level) ?? 100;
      const adoptedAt = new Date(now.getTime() - pick.daysAgo * DAY_MS - random.int(1, 600) * 60_000);
      const stamp = `${dayOf(adoptedAt, 0).replace(/-/g, '')}${String(++seq).padStart(4, '0')}${random.digits(4)}`;
      await writeAdoption(tx, {
        activity: pick.activity,
        store,
        member,
        price: {
          trees,
          unitCents: pick.activity.priceCents,
          discountPercent: percent,
          ...adoptionPrice(pick.activity.priceCents, trees, percent),
        },
        numbers: {
          adoptionNo: `TA${stamp}`,
          omsOrderNo: `OMS${stamp}`,
          performanceOrderNo: `PF${stamp}`,
          writeOffCode: random.digits(6),
        },
        clerk: { id: null, name: '门店店员' },
        remark: '',
        at: adoptedAt,
      });
      await tx
        .update(teaTreeActivities)
        .set({ adoptedCount: sql`${teaTreeActivities.adoptedCount} + ${trees}` })
        .where(eq(teaTreeActivities.id, pick.activity.id));
    }
  }
}
