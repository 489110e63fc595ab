import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import {
  coupons,
  issueSchemeCoupons,
  issueSchemes,
  memberCoupons,
  memberPointsLedger,
  members,
  users,
} from '../schema.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Demo coupon templates: live ones of both kinds, one not yet open, one ended, one disabled. */
const DEMO_COUPONS = [
  {
    name: '满100减20券',
    kind: 'cash',
    valueCents: 2000,
    thresholdCents: 10000,
    points: 500,
    from: -10,
    to: 60,
  },
  { name: '无门槛5元券', kind: 'cash', valueCents: 500, thresholdCents: 0, points: 200, from: -30, to: 30 },
  {
    name: '月饼礼盒8.5折券',
    kind: 'discount',
    discountRate: 85,
    maxDiscountCents: 3000,
    points: 800,
    from: -5,
    to: 45,
  },
  {
    name: '中秋预热满200减50券',
    kind: 'cash',
    valueCents: 5000,
    thresholdCents: 20000,
    points: 1200,
    from: 7,
    to: 40,
  },
  {
    name: '春节满50减10券',
    kind: 'cash',
    valueCents: 1000,
    thresholdCents: 5000,
    points: 300,
    from: -90,
    to: -20,
  },
  {
    name: '会员日9折券（停用）',
    kind: 'discount',
    discountRate: 90,
    points: 400,
    from: -10,
    to: 30,
    enabled: false,
  },
] as const;

/** How each demo exchange ends up: the list shows every state. */
const EXCHANGE_STATES = ['unused', 'used', 'cancelled', 'expired', 'unused', 'unused'] as const;

/**
 * Demo coupons (docs/domain/coupons.md) and, for the demo stores' members, exchanges in every state. The
 * points move as the service moves them: each exchange a ledger row, each undo a refund row, and the member's
 * balance follows. Runs inside the demo seed's transaction, after the demo orders (which make the members).
 */
export async function seedDemoCoupons(tx: Database, now: Date): Promise<void> {
  const day = (offset: number) => {
    const shanghaiMidnight = Math.floor((now.getTime() + 8 * HOUR_MS) / DAY_MS) * DAY_MS - 8 * HOUR_MS;
    return new Date(shanghaiMidnight + offset * DAY_MS);
  };
  const rows = await tx
    .insert(coupons)
    .values(
      DEMO_COUPONS.map((c) => ({
        name: c.name,
        kind: c.kind,
        valueCents: 'valueCents' in c ? c.valueCents : 0,
        thresholdCents: 'thresholdCents' in c ? c.thresholdCents : 0,
        discountRate: 'discountRate' in c ? c.discountRate : 0,
        maxDiscountCents: 'maxDiscountCents' in c ? c.maxDiscountCents : 0,
        points: c.points,
        exchangeFrom: day(c.from),
        exchangeTo: day(c.to),
        validDays: 30,
        stock: 500,
        perMemberLimit: 3,
        enabled: 'enabled' in c ? c.enabled : true,
        createdAt: day(c.from - 3),
        updatedAt: day(c.from - 3),
      })),
    )
    .returning({ id: coupons.id, points: coupons.points, name: coupons.name });
  const live = rows.slice(0, 3);

  // Issue schemes in every state: running (shown and hidden), not started, ended.
  const schemes = await tx
    .insert(issueSchemes)
    .values(
      [
        {
          name: '新会员见面礼',
          channels: ['mini_program', 'store_counter'],
          audience: 'new_members',
          from: -7,
          to: 30,
          issued: 86,
        },
        {
          name: '门店到店礼',
          channels: ['store_counter'],
          audience: 'all',
          from: -3,
          to: 14,
          issued: 42,
          visible: false,
        },
        { name: '中秋节活动发券', channels: ['activity'], audience: 'all', from: 10, to: 25, issued: 0 },
        {
          name: '下单赠券（夏季）',
          channels: ['order_gift'],
          audience: 'min_level',
          minLevel: 2,
          from: -60,
          to: -10,
          issued: 300,
        },
      ].map((s, i) => ({
        schemeNo: `IS${String(i + 1).padStart(4, '0')}DEMO`,
        name: s.name,
        channels: s.channels,
        quantity: s.issued > 0 ? Math.max(s.issued, 300) : 500,
        issuedCount: s.issued,
        perMemberLimit: 1,
        startAt: day(s.from),
        endAt: day(s.to),
        audience: s.audience,
        minLevel: s.minLevel ?? 0,
        visible: s.visible ?? true,
        createdAt: day(s.from - 2),
        updatedAt: day(s.from - 2),
      })),
    )
    .returning({ id: issueSchemes.id });
  await tx
    .insert(issueSchemeCoupons)
    .values(
      schemes.flatMap((scheme, i) => [
        { schemeId: scheme.id, couponId: live[i % live.length]!.id, count: 1 },
        ...(i === 0 ? [{ schemeId: scheme.id, couponId: live[1]!.id, count: 2 }] : []),
      ]),
    );

  const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'staff'));
  const holders = await tx
    .select({ id: members.id, points: members.points, storeId: members.homeStoreId })
    .from(members)
    .where(isNotNull(members.homeStoreId))
    .orderBy(asc(members.id));

  let n = 0;
  for (const member of holders) {
    let balance = member.points;
    for (let i = 0; i < 2; i++) {
      const state = EXCHANGE_STATES[n % EXCHANGE_STATES.length]!;
      const coupon = live[n % live.length]!;
      n++;
      if (balance < coupon.points) continue;
      const at = new Date(
        now.getTime() - (state === 'expired' ? 40 * DAY_MS : (n % 20) * 3 * HOUR_MS + HOUR_MS),
      );
      const couponNo = `CE${at.toISOString().replace(/\D/g, '').slice(0, 14)}${String(n).padStart(6, '0')}`;
      balance -= coupon.points;
      await tx.insert(memberPointsLedger).values({
        memberId: member.id,
        delta: -coupon.points,
        balanceAfter: balance,
        reason: 'coupon_exchange',
        refNo: couponNo,
        storeId: member.storeId,
        userId: clerk?.id ?? null,
        confirmedBy: 'sms_code',
        createdAt: at,
      });
      const cancelledAt = state === 'cancelled' ? new Date(at.getTime() + HOUR_MS) : null;
      if (cancelledAt) {
        balance += coupon.points;
        await tx.insert(memberPointsLedger).values({
          memberId: member.id,
          delta: coupon.points,
          balanceAfter: balance,
          reason: 'refund',
          refNo: couponNo,
          storeId: member.storeId,
          userId: clerk?.id ?? null,
          createdAt: cancelledAt,
        });
      }
      await tx.insert(memberCoupons).values({
        couponNo,
        couponId: coupon.id,
        memberId: member.id,
        source: 'exchange',
        channel: 'store_counter',
        storeId: member.storeId,
        userId: clerk?.id ?? null,
        points: coupon.points,
        status: state === 'expired' ? 'unused' : state,
        validFrom: at,
        validTo: new Date(at.getTime() + 30 * DAY_MS),
        createdAt: at,
        usedAt: state === 'used' ? new Date(at.getTime() + 2 * HOUR_MS) : null,
        cancelledAt,
        cancelledBy: cancelledAt ? (clerk?.id ?? null) : null,
        cancelReason: cancelledAt ? '会员改选其他优惠券' : '',
      });
      if (state !== 'cancelled')
        await tx
          .update(coupons)
          .set({ exchangedCount: sql`${coupons.exchangedCount} + 1` })
          .where(eq(coupons.id, coupon.id));
    }
    await tx.update(members).set({ points: balance }).where(eq(members.id, member.id));
  }
}
