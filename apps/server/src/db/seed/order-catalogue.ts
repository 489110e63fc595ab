import type { Database } from '../client.js';
import { deliveryCompanies, skus } from '../schema.js';

/**
 * Sellable SKUs of the demo chain (a bakery with a tea corner): retail goods, points-mall goods and uEnjoy
 * subscriptions, one of them a tea-tree adoption (its name and label carry TEA_TREE_ADOPTION_MARK): a year of
 * one tree's 西湖龙井, a delivery each quarter.
 */
// One SKU per line reads as a table.
// prettier-ignore
export const SKU_SEEDS = [
  { skuCode: 'R1001', name: '鲜肉月饼', spec: '6枚/盒', kind: 'retail', priceCents: 5880, points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'R1002', name: '蛋黄酥', spec: '8枚/盒', kind: 'retail', priceCents: 6800, points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'R1003', name: '手工蛋卷', spec: '400g', kind: 'retail', priceCents: 3900, points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'R1004', name: '全麦吐司', spec: '450g', kind: 'retail', priceCents: 1800, points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'R1005', name: '芝士蛋糕', spec: '6寸', kind: 'retail', priceCents: 12800, points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'I2001', name: '品牌帆布袋', spec: '米白', kind: 'integral', priceCents: 0, points: 800, labelName: '生活周边', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'I2002', name: '不锈钢保温杯', spec: '350ml', kind: 'integral', priceCents: 0, points: 2600, labelName: '生活周边', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'I2003', name: '蛋黄酥兑换券', spec: '单枚', kind: 'integral', priceCents: 0, points: 300, labelName: '美味兑换', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'I2004', name: '月饼模具套装', spec: '4件套', kind: 'integral', priceCents: 990, points: 1500, labelName: '烘焙工具', cyclePeriods: 0, cycleIntervalDays: 0 },
  { skuCode: 'U3001', name: '每周鲜奶吐司', spec: '4期·每7天', kind: 'uenjoy', priceCents: 6800, points: 0, labelName: '', cyclePeriods: 4, cycleIntervalDays: 7 },
  { skuCode: 'U3002', name: '月享生日蛋糕', spec: '3期·每30天', kind: 'uenjoy', priceCents: 29800, points: 0, labelName: '', cyclePeriods: 3, cycleIntervalDays: 30 },
  { skuCode: 'U3003', name: '双周面包礼盒', spec: '6期·每14天', kind: 'uenjoy', priceCents: 35800, points: 0, labelName: '', cyclePeriods: 6, cycleIntervalDays: 14 },
  { skuCode: 'U3004', name: '茶树认养·西湖龙井一年期', spec: '4期·每90天', kind: 'uenjoy', priceCents: 128800, points: 0, labelName: '茶树认养', cyclePeriods: 4, cycleIntervalDays: 90 },
] as const;

/** Couriers and the shape of their tracking numbers (checked on ship). */
// prettier-ignore
export const DELIVERY_COMPANY_SEEDS = [
  { code: 'SF', name: '顺丰速运', trackingPattern: '^SF\\d{13}$', sort: 1 },
  { code: 'ZTO', name: '中通快递', trackingPattern: '^7\\d{13}$', sort: 2 },
  { code: 'YTO', name: '圆通速递', trackingPattern: '^YT\\d{13}$', sort: 3 },
  { code: 'JD', name: '京东快递', trackingPattern: '^JD[0-9A-Z]{13}$', sort: 4 },
  { code: 'EMS', name: '中国邮政EMS', trackingPattern: '^(E[A-Z]\\d{9}CN|1\\d{12})$', sort: 5 },
] as const;

/** SKUs and couriers the order flows need; idempotent (keeps rows that already exist). */
export async function seedOrderCatalogue(db: Database): Promise<void> {
  await db
    .insert(skus)
    .values([...SKU_SEEDS])
    .onConflictDoNothing();
  await db
    .insert(deliveryCompanies)
    .values([...DELIVERY_COMPANY_SEEDS])
    .onConflictDoNothing();
}
