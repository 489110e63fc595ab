import { inArray } from 'drizzle-orm';
import type { Database } from '../client.js';
import { marketingEventStores, marketingEvents, stores } from '../schema.js';
import { DEMO_ORDER_STORES } from './demo-orders.js';

const DAY_MS = 86_400_000;
const dayOf = (now: Date, days: number) =>
  new Date(now.getTime() + days * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Demo manual events of the marketing calendar in the months around today: some for every store, some for the
 * demo order stores only (docs/domain/marketing-calendar.md).
 */
export async function seedDemoCalendar(tx: Database, now: Date): Promise<void> {
  const plans = [
    { title: '秋季会员日', type: 'activity', from: -40, to: -38, color: '#1677ff', all: true },
    { title: '周年庆满减', type: 'promotion', from: -20, to: -14, color: '#ff2f28', all: false },
    { title: '店庆试吃', type: 'activity', from: -3, to: -1, color: '#13c2c2', all: false },
    { title: '冬至饺子节', type: 'festival', from: 2, to: 2, color: '#fa8c16', all: true },
    { title: '双十二预热', type: 'promotion', from: 4, to: 12, color: '#ff2f28', all: false },
    { title: '圣诞节', type: 'festival', from: 20, to: 20, color: '#fa8c16', all: true },
    { title: '年货节', type: 'promotion', from: 35, to: 50, color: '#eb2f96', all: true },
  ] as const;
  const rows = await tx
    .insert(marketingEvents)
    .values(
      plans.map((p) => ({
        title: p.title,
        type: p.type,
        startDate: dayOf(now, p.from),
        endDate: dayOf(now, p.to),
        color: p.color,
        allStores: p.all,
        remark: p.all ? '总部统一安排' : '重点门店执行',
      })),
    )
    .returning({ id: marketingEvents.id, allStores: marketingEvents.allStores });
  const storeRows = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(inArray(stores.shopName, [...DEMO_ORDER_STORES]));
  const links = rows
    .filter((r) => !r.allStores)
    .flatMap((r) => storeRows.map((s) => ({ eventId: r.id, storeId: s.id })));
  if (links.length) await tx.insert(marketingEventStores).values(links);
}
