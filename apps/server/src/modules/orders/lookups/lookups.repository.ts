import { and, asc, count, desc, eq, exists, ilike, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  fixedStatement,
  numberedPageOf,
  shapedStatement,
  type Named,
  type Paging,
} from '../../../db/paged-query.js';
import {
  memberAddresses,
  memberFinds,
  members,
  omsOrders,
  performanceOrders,
  skus,
  stores,
  valetOrders,
} from '../../../db/schema.js';
import type { Clock } from '../../../platform/clock.js';
import { likeContains } from '../../../db/like-pattern.js';
import type { Coordinates } from '../../stores/geo.js';
import type { AuditClient } from '../../audit/audit-log.js';

/**
 * Who asks about members, where: the signed-in session and the store of the request (`access.store`), and the
 * client the audit rows of the look-ups name.
 */
export type MemberScope = { storeId: number; sessionId: number; userId: number; client: AuditClient };
export type MemberRow = typeof members.$inferSelect;
export type AddressRow = typeof memberAddresses.$inferSelect;

export const skuColumns = {
  id: skus.id,
  skuCode: skus.skuCode,
  name: skus.name,
  spec: skus.spec,
  kind: skus.kind,
  priceCents: skus.priceCents,
  points: skus.points,
  labelName: skus.labelName,
  cyclePeriods: skus.cyclePeriods,
  cycleIntervalDays: skus.cycleIntervalDays,
  enabled: skus.enabled,
};

/** A whole phone or a member number (any case): what names one member wherever they are a member. */
const exactKey = (value: Named) =>
  or(eq(members.phone, value('phone')), eq(sql`upper(${members.memberNo})`, value('memberNo')))!;

/** A phone prefix (digits only) or a name part. */
const partialMatch = (digits: boolean, value: Named) =>
  digits
    ? sql`${members.phone} like ${value('phonePrefix')}`
    : sql`${members.name} ilike ${value('namePart')}`;

/** The values `servedBy` takes for a scope. */
const servedValues = (scope: MemberScope, now: Date) => ({
  storeId: scope.storeId,
  sessionId: scope.sessionId,
  now: now.toISOString(),
});

/** Great-circle distance in km from `origin` to a store, in SQL. */
const kmFrom = (origin: Coordinates) => sql<number>`(2 * 6371 * asin(least(1, sqrt(
  power(sin(radians(${stores.latitude} - ${origin.latitude}) / 2), 2) +
  cos(radians(${origin.latitude})) * cos(radians(${stores.latitude})) *
  power(sin(radians(${stores.longitude} - ${origin.longitude}) / 2), 2)))))`;

/** Every statement of the valet look-ups (members, their addresses, places, SKUs); the rules are the services'. */
export function createLookupsRepository(db: Database, clock: Clock) {
  /**
   * The relationship a store needs to serve a member (`member-access.ts`): home store, a find by this session
   * at this store that has not expired, or an order at this store (valet, or upstream fulfilled here).
   */
  const servedBy = (tx: Database, value: Named): SQL => {
    const storeId = value('storeId');
    return or(
      eq(members.homeStoreId, storeId),
      exists(
        tx
          .select({ one: sql`1` })
          .from(memberFinds)
          .where(
            and(
              eq(memberFinds.sessionId, value('sessionId')),
              eq(memberFinds.storeId, storeId),
              eq(memberFinds.memberId, members.id),
              sql`${memberFinds.expiresAt} > ${value('now')}::timestamptz`,
            ),
          ),
      ),
      exists(
        tx
          .select({ one: sql`1` })
          .from(valetOrders)
          .where(and(eq(valetOrders.storeId, storeId), eq(valetOrders.memberId, members.id))),
      ),
      exists(
        tx
          .select({ one: sql`1` })
          .from(performanceOrders)
          .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
          .where(and(eq(performanceOrders.storeId, storeId), eq(omsOrders.memberId, members.id))),
      ),
    )!;
  };

  // The reads of every member look-up and profile, built and prepared once per shape (see
  // members.repository.ts); a search's LIKE is planned for its pattern each time.
  const statements = {
    served: fixedStatement(db, 'member_served', (on, value) =>
      on
        .select()
        .from(members)
        .where(and(eq(members.publicId, value('publicId')), servedBy(on, value)))
        .limit(1),
    ),
    search: shapedStatement(
      db,
      'member_search',
      (shape: { digits: boolean; temporary: boolean | null }, on, value) =>
        on
          .select()
          .from(members)
          .where(
            and(
              shape.temporary === null ? undefined : eq(members.temporary, shape.temporary),
              or(exactKey(value), and(partialMatch(shape.digits, value), servedBy(on, value))),
            ),
          )
          .orderBy(asc(members.name), asc(members.id))
          .limit(value('limit')),
      { planEachTime: true },
    ),
    byPublicId: fixedStatement(db, 'member_by_public_id', (on, value) =>
      on
        .select()
        .from(members)
        .where(eq(members.publicId, value('publicId')))
        .limit(1),
    ),
    finds: shapedStatement(db, 'member_finds_upsert', (shape: { rows: number }, on, value) =>
      on
        .insert(memberFinds)
        .values(
          Array.from({ length: shape.rows }, (_, i) => ({
            sessionId: value('sessionId'),
            storeId: value('storeId'),
            memberId: value(`memberId${i}`),
            expiresAt: value('expiresAt'),
          })),
        )
        .onConflictDoUpdate({
          target: [memberFinds.sessionId, memberFinds.storeId, memberFinds.memberId],
          set: { expiresAt: sql`excluded.expires_at` },
        })
        .returning({ memberId: memberFinds.memberId }),
    ),
  };

  return {
    async servedMember(scope: MemberScope, publicId: string, tx: Database = db): Promise<MemberRow | null> {
      const [row] = await statements.served({ publicId, ...servedValues(scope, clock()) }, tx);
      return row ?? null;
    },

    /**
     * Exact phone or member number anywhere; a partial match only among the members the store serves.
     * `temporary` null: both kinds (会员查询).
     */
    searchMembers(scope: MemberScope, keywords: string, temporary: boolean | null, limit: number) {
      const digits = /^\d+$/.test(keywords);
      return statements.search(
        { digits, temporary },
        {
          phone: keywords,
          memberNo: keywords.toUpperCase(),
          ...(digits ? { phonePrefix: `${keywords}%` } : { namePart: likeContains(keywords) }),
          ...servedValues(scope, clock()),
          limit,
        },
      );
    },

    /** The member of a public id wherever they are a member (a scanned member code names one exactly). */
    async memberByPublicId(publicId: string): Promise<MemberRow | null> {
      const [row] = await statements.byPublicId({ publicId });
      return row ?? null;
    },

    async upsertFinds(scope: MemberScope, memberIds: readonly number[], expiresAt: Date): Promise<void> {
      const values: Record<string, unknown> = {
        sessionId: scope.sessionId,
        storeId: scope.storeId,
        expiresAt,
      };
      memberIds.forEach((memberId, i) => (values[`memberId${i}`] = memberId));
      await statements.finds({ rows: memberIds.length }, values);
    },

    /** Deletes up to `batch` finds expired at `now`; answers how many went. */
    async deleteExpiredFinds(now: Date, batch: number): Promise<number> {
      const expired = db
        .select({ id: memberFinds.id })
        .from(memberFinds)
        .where(lte(memberFinds.expiresAt, now))
        .limit(batch);
      const gone = await db
        .delete(memberFinds)
        .where(inArray(memberFinds.id, expired))
        .returning({ id: memberFinds.id });
      return gone.length;
    },

    /** The new member, or null when that phone is already a member's. */
    async insertMemberUnlessPhoneTaken(values: typeof members.$inferInsert): Promise<MemberRow | null> {
      const [created] = await db
        .insert(members)
        .values(values)
        .onConflictDoNothing({ target: members.phone })
        .returning();
      return created ?? null;
    },

    async memberByPhone(phone: string): Promise<MemberRow | null> {
      const [row] = await db.select().from(members).where(eq(members.phone, phone)).limit(1);
      return row ?? null;
    },

    /** Default first, then newest. */
    addressesOf(memberId: number) {
      return db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.createdAt), desc(memberAddresses.id));
    },

    /** The address last used for a valet order, else the default one, else none. */
    async lastUsedAddress(memberId: number): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(
          sql`${memberAddresses.lastUsedAt} desc nulls last`,
          desc(memberAddresses.isDefault),
          desc(memberAddresses.id),
        )
        .limit(1);
      return row ?? null;
    },

    async memberAddress(memberId: number, addressId: number, tx: Database = db): Promise<AddressRow | null> {
      const [row] = await tx
        .select()
        .from(memberAddresses)
        .where(and(eq(memberAddresses.id, addressId), eq(memberAddresses.memberId, memberId)))
        .limit(1);
      return row ?? null;
    },

    async hasAddress(memberId: number, tx: Database): Promise<boolean> {
      const [first] = await tx
        .select({ id: memberAddresses.id })
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .limit(1);
      return first !== undefined;
    },

    async clearDefaultAddress(memberId: number, tx: Database): Promise<void> {
      await tx
        .update(memberAddresses)
        .set({ isDefault: false })
        .where(eq(memberAddresses.memberId, memberId));
    },

    async insertAddress(values: typeof memberAddresses.$inferInsert, tx: Database): Promise<AddressRow> {
      const [inserted] = await tx.insert(memberAddresses).values(values).returning();
      return inserted!;
    },

    /** Enabled, located stores within `radiusKm` of `origin` (nearest first), optionally by name. */
    storesAround(origin: Coordinates, keyword: string | undefined, radiusKm: number, limit: number) {
      const distanceKm = kmFrom(origin);
      return db
        .select({
          id: stores.id,
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          shopAddress: stores.shopAddress,
          latitude: stores.latitude,
          longitude: stores.longitude,
        })
        .from(stores)
        .where(
          and(
            eq(stores.enabled, true),
            or(ne(stores.latitude, 0), ne(stores.longitude, 0)),
            sql`${distanceKm} <= ${radiusKm}`,
            keyword ? ilike(stores.shopName, likeContains(keyword)) : undefined,
          ),
        )
        .orderBy(distanceKm, asc(stores.shopCode))
        .limit(limit);
    },

    /** Addresses customers already use whose detail contains `keywords`. */
    knownPlaces(keywords: string, limit: number) {
      return db
        .selectDistinct({
          regionName: memberAddresses.regionName,
          countyCode: memberAddresses.countyCode,
          detail: memberAddresses.detail,
          latitude: memberAddresses.latitude,
          longitude: memberAddresses.longitude,
        })
        .from(memberAddresses)
        .where(ilike(memberAddresses.detail, likeContains(keywords)))
        .limit(limit);
    },

    /** Enabled stores whose address contains `keywords`, as places. */
    storePlaces(keywords: string, limit: number) {
      return db
        .select({
          regionName: sql<string>`${stores.shopProvinceName} || ${stores.shopCityName} || ${stores.shopCountyName}`,
          countyCode: stores.shopCountyCode,
          detail: stores.shopDetailAddress,
          latitude: stores.latitude,
          longitude: stores.longitude,
        })
        .from(stores)
        .where(and(eq(stores.enabled, true), ilike(stores.shopDetailAddress, likeContains(keywords))))
        .limit(limit);
    },

    /**
     * A page of one shelf's SKUs (kind, on sale only or all, by label), by keyword (part of the name or the
     * exact code), cheapest first by `cheapestBy`.
     */
    skuPage(
      filter: Paging & { keyword?: string | undefined; labelName?: string | undefined },
      shelf: { kind: 'integral' | 'uenjoy'; onSaleOnly: boolean; cheapestBy: 'points' | 'priceCents' },
    ) {
      const { keyword, labelName } = filter;
      const matching = and(
        eq(skus.kind, shelf.kind),
        shelf.onSaleOnly ? eq(skus.enabled, true) : undefined,
        labelName ? eq(skus.labelName, labelName) : undefined,
        keyword
          ? or(ilike(skus.name, likeContains(keyword)), eq(skus.skuCode, keyword.toUpperCase()))
          : undefined,
      );
      return numberedPageOf(
        filter,
        db
          .select(skuColumns)
          .from(skus)
          .where(matching)
          .orderBy(asc(skus[shelf.cheapestBy]), asc(skus.skuCode)),
        db.select({ n: count() }).from(skus).where(matching),
      );
    },

    /** Labels of the integral SKUs on sale, with how many each has. */
    integralLabels() {
      return db
        .select({ labelName: skus.labelName, skuCount: count() })
        .from(skus)
        .where(and(eq(skus.kind, 'integral'), eq(skus.enabled, true)))
        .groupBy(skus.labelName)
        .orderBy(asc(skus.labelName));
    },

    async skuById(id: number) {
      const [row] = await db.select(skuColumns).from(skus).where(eq(skus.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type LookupsRepository = ReturnType<typeof createLookupsRepository>;
