import type { PushOrderBody, pushOrderBodySchema } from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import type { Clock } from '../../../platform/clock.js';
import { newOmsOrderNo } from '../order-numbers.js';
import { createIntegrationRepository } from './integration.repository.js';
import type { OrderIntake } from './integration.service.js';

type Random = () => number;

/** The demo sign-ins whose stores get half of the generated orders. */
const DEMO_TRAFFIC_ACCOUNTS = ['solo', 'staff'];

// prettier-ignore
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
// prettier-ignore
const GIVEN = ['女士', '先生', '晓燕', '建国', '思琪', '子涵', '海峰', '雨桐', '志强', '佳怡'];
// prettier-ignore
const STREETS = ['幸福里小区', '和平家园', '阳光花园', '金地名京', '翠湖公寓', '远洋山水', '万科城市花园', '绿地新都会'];
const REMARKS = ['', '', '', '请尽快送达', '送到后电话联系', '放门卫室即可', '需要生日蜡烛'];

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/**
 * One realistic online order near a store: a customer within about 3 km, one to three retail or uEnjoy SKUs,
 * mostly courier deliveries. The platform picks the candidates itself (the nearest stores), as in production.
 */
export function demoOrder(
  store: { latitude: number; longitude: number; shopCountyCode: string; regionName: string },
  skuCodes: readonly string[],
  now: Date,
  random: Random = Math.random,
): z.output<typeof pushOrderBodySchema> {
  const name = `${pick(random, SURNAMES)}${pick(random, GIVEN)}`;
  const phone = `1${pick(random, ['35', '37', '38', '39', '58', '86', '88'])}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
  const lines = 1 + Math.floor(random() * 3);
  const chosen = [...new Set(Array.from({ length: lines }, () => pick(random, skuCodes)))];
  const deliveryType = pick(random, ['express', 'express', 'store_delivery', 'pickup'] as const);
  const offset = () => (random() - 0.5) * 0.05;
  const remark = pick(random, REMARKS);
  const body: PushOrderBody = {
    omsOrderNo: newOmsOrderNo(now),
    channel: 'online',
    customer: { name, phone },
    items: chosen.map((skuCode) => ({ skuCode, quantity: 1 + Math.floor(random() * 2) })),
    deliveryType,
    address: {
      receiverName: name,
      receiverPhone: phone,
      ...(store.shopCountyCode ? { countyCode: store.shopCountyCode } : {}),
      regionName: store.regionName,
      detail: `${pick(random, STREETS)}${1 + Math.floor(random() * 20)}号楼${1 + Math.floor(random() * 6)}单元${101 + Math.floor(random() * 1500)}`,
      latitude: store.latitude + offset(),
      longitude: store.longitude + offset(),
    },
    freightCents: deliveryType === 'express' ? 1000 : 0,
    orderedAt: now.toISOString(),
    ...(remark ? { buyerRemark: remark } : {}),
  };
  return body as z.output<typeof pushOrderBodySchema>;
}

/**
 * Demo mode: on each `tick` (a job every DEMO_TRAFFIC_INTERVAL seconds, plans.jobs.ts) an online order near a
 * random demo store (one with staff) arrives through the same intake as `POST /api/integration/orders`, so a
 * newcomer watches offers and alerts come in.
 */
export function createDemoTraffic(deps: { db: Database; clock: Clock; intake: OrderIntake }): {
  tick: () => Promise<string | null>;
} {
  const { db, clock, intake } = deps;
  const repo = createIntegrationRepository(db);

  async function tick(): Promise<string | null> {
    // Half of the orders land near the stores of the demo sign-ins, so whoever tries the demo sees them.
    const store =
      (Math.random() < 0.5 ? await repo.randomStaffedStore(DEMO_TRAFFIC_ACCOUNTS) : null) ??
      (await repo.randomStaffedStore(null));
    const skuCodes = await repo.onlineSkuCodes();
    if (!store || skuCodes.length === 0) return null;
    const body = demoOrder(store, skuCodes, clock());
    const result = await intake.pushOrder(body);
    return result.omsOrderNo;
  }

  return { tick };
}
