import type { Database } from '../client.js';
import { deliveryCompanies, skus } from '../schema.js';

/** What only some kinds have: a points price and a mall label (integral), a cycle plan (uEnjoy). */
/** `category`: what the member repurchase reminder counts by (member_repurchase_cycles). */
const SKU_DEFAULTS = { points: 0, labelName: '', cyclePeriods: 0, cycleIntervalDays: 0, category: '' };

type SkuRow = readonly [
  skuCode: string,
  name: string,
  spec: string,
  priceCents: number,
  extras?: Partial<typeof SKU_DEFAULTS>,
];

function skusOf(kind: 'retail' | 'integral' | 'uenjoy', rows: readonly SkuRow[]) {
  return rows.map(([skuCode, name, spec, priceCents, extras]) => ({
    skuCode,
    name,
    spec,
    kind,
    priceCents,
    ...SKU_DEFAULTS,
    ...extras,
  }));
}

/**
 * Sellable SKUs of the demo chain (a bakery with a tea corner): retail goods, points-mall goods and uEnjoy
 * subscriptions, one of them a tea-tree adoption (its name and label carry TEA_TREE_ADOPTION_MARK): a year of
 * one tree's 西湖龙井, a delivery each quarter.
 */
// One SKU per line reads as a table: code, name, spec, price in cents, then what its kind adds.
// prettier-ignore
export const SKU_SEEDS = [
  ...skusOf('retail', [
    ['R1001', '鲜肉月饼', '6枚/盒', 5880, { category: 'mooncake' }],
    ['R1002', '蛋黄酥', '8枚/盒', 6800],
    ['R1003', '手工蛋卷', '400g', 3900],
    ['R1004', '全麦吐司', '450g', 1800, { category: 'bread' }],
    ['R1005', '芝士蛋糕', '6寸', 12800],
  ]),
  ...skusOf('integral', [
    ['I2001', '品牌帆布袋', '米白', 0, { points: 800, labelName: '生活周边' }],
    ['I2002', '不锈钢保温杯', '350ml', 0, { points: 2600, labelName: '生活周边' }],
    ['I2003', '蛋黄酥兑换券', '单枚', 0, { points: 300, labelName: '美味兑换' }],
    ['I2004', '月饼模具套装', '4件套', 990, { points: 1500, labelName: '烘焙工具' }],
  ]),
  ...skusOf('uenjoy', [
    ['U3001', '每周鲜奶吐司', '4期·每7天', 6800, { cyclePeriods: 4, cycleIntervalDays: 7 }],
    ['U3002', '月享生日蛋糕', '3期·每30天', 29800, { cyclePeriods: 3, cycleIntervalDays: 30 }],
    ['U3003', '双周面包礼盒', '6期·每14天', 35800, { cyclePeriods: 6, cycleIntervalDays: 14 }],
    ['U3004', '茶树认养·西湖龙井一年期', '4期·每90天', 128800, { labelName: '茶树认养', cyclePeriods: 4, cycleIntervalDays: 90, category: 'tea' }],
  ]),
];

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
