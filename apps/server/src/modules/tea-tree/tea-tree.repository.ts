import type { TeaTreeListRequest } from '@console/contract';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import {
  members,
  performanceOrders,
  teaTreeActivities,
  teaTreeAdoptions,
  teaTreeLevelDiscounts,
} from '../../db/schema.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';

export type TeaTreeActivityRow = typeof teaTreeActivities.$inferSelect;

const adoptionColumns = {
  id: teaTreeAdoptions.id,
  adoptionNo: teaTreeAdoptions.adoptionNo,
  activityId: teaTreeAdoptions.activityId,
  activityName: teaTreeActivities.name,
  season: teaTreeActivities.season,
  garden: teaTreeActivities.garden,
  benefits: teaTreeActivities.benefits,
  deliveries: teaTreeActivities.deliveries,
  memberName: members.name,
  memberPhone: members.phone,
  memberLevel: teaTreeAdoptions.memberLevel,
  trees: teaTreeAdoptions.trees,
  unitCents: teaTreeAdoptions.unitCents,
  goodsCents: teaTreeAdoptions.goodsCents,
  discountPercent: teaTreeAdoptions.discountPercent,
  discountCents: teaTreeAdoptions.discountCents,
  payCents: teaTreeAdoptions.payCents,
  clerkName: teaTreeAdoptions.clerkName,
  remark: teaTreeAdoptions.remark,
  confirmedBy: teaTreeAdoptions.confirmedBy,
  lastDeliveryDate: teaTreeAdoptions.lastDeliveryDate,
  adoptedAt: teaTreeAdoptions.adoptedAt,
  performanceOrderNo: performanceOrders.performanceOrderNo,
};
export type TeaTreeAdoptionJoined = {
  [K in keyof typeof adoptionColumns]: (typeof adoptionColumns)[K]['_']['data'];
};

/** Every SQL statement of tea-tree adoption (docs/domain/tea-tree.md). */
export function createTeaTreeRepository(db: Database) {
  const joined = (columns = adoptionColumns) =>
    db
      .select(columns)
      .from(teaTreeAdoptions)
      .innerJoin(teaTreeActivities, eq(teaTreeActivities.id, teaTreeAdoptions.activityId))
      .innerJoin(members, eq(members.id, teaTreeAdoptions.memberId))
      .innerJoin(performanceOrders, eq(performanceOrders.id, teaTreeAdoptions.performanceOrderId));

  function listConditions(storeId: number, filter: TeaTreeListRequest, today: string): SQL[] {
    const where: SQL[] = [eq(teaTreeAdoptions.storeId, storeId)];
    if (filter.status === 'active') where.push(gte(teaTreeAdoptions.lastDeliveryDate, today));
    if (filter.status === 'completed') where.push(lt(teaTreeAdoptions.lastDeliveryDate, today));
    if (filter.activityId) where.push(eq(teaTreeAdoptions.activityId, filter.activityId));
    where.push(...withinShanghaiDays(teaTreeAdoptions.adoptedAt, filter.dateFrom, filter.dateTo));
    if (filter.keyword) {
      const keyword = filter.keyword;
      where.push(
        or(
          eq(teaTreeAdoptions.adoptionNo, keyword),
          eq(members.phone, keyword),
          ilike(members.name, likeContains(keyword)),
        )!,
      );
    }
    return where;
  }

  return {
    /** The activity open for sign-up at `now`, the one closing first. */
    async current(now: Date) {
      const [row] = await db
        .select()
        .from(teaTreeActivities)
        .where(and(lte(teaTreeActivities.signUpStart, now), gte(teaTreeActivities.signUpEnd, now)))
        .orderBy(asc(teaTreeActivities.signUpEnd), asc(teaTreeActivities.id))
        .limit(1);
      return row ?? null;
    },

    async activity(id: number, tx: Database = db) {
      const [row] = await tx.select().from(teaTreeActivities).where(eq(teaTreeActivities.id, id));
      return row ?? null;
    },

    /** Activities whose sign-up window or harvest touches [from, to] (the marketing calendar's source). */
    async activitiesBetween(from: Date, to: Date) {
      return db
        .select()
        .from(teaTreeActivities)
        .where(lte(teaTreeActivities.signUpStart, to))
        .orderBy(asc(teaTreeActivities.signUpStart))
        .then((rows) =>
          rows.filter(
            (r) =>
              r.signUpEnd >= from ||
              r.deliveries.some((d) => d.plannedDate >= from.toISOString().slice(0, 10)),
          ),
        );
    },

    async discountPercent(level: number, tx: Database = db): Promise<number> {
      const [row] = await tx
        .select({ percent: teaTreeLevelDiscounts.discountPercent })
        .from(teaTreeLevelDiscounts)
        .where(eq(teaTreeLevelDiscounts.level, level));
      return row?.percent ?? 100;
    },

    /**
     * Takes `trees` trees of the activity if that many are left and it is open at `now`: the one statement
     * that decides between concurrent adoptions. Null when it took nothing.
     */
    async takeTrees(tx: Database, activityId: number, trees: number, now: Date) {
      const [row] = await tx
        .update(teaTreeActivities)
        .set({ adoptedCount: sql`${teaTreeActivities.adoptedCount} + ${trees}` })
        .where(
          and(
            eq(teaTreeActivities.id, activityId),
            lte(teaTreeActivities.signUpStart, now),
            gte(teaTreeActivities.signUpEnd, now),
            sql`${teaTreeActivities.adoptedCount} + ${trees} <= ${teaTreeActivities.treeCount}`,
          ),
        )
        .returning({ adoptedCount: teaTreeActivities.adoptedCount });
      return row ?? null;
    },

    page(storeId: number, filter: TeaTreeListRequest, today: string) {
      const where = and(...listConditions(storeId, filter, today));
      return numberedPageOf(
        filter,
        joined().where(where).orderBy(desc(teaTreeAdoptions.adoptedAt), desc(teaTreeAdoptions.id)),
        db
          .select({ n: count() })
          .from(teaTreeAdoptions)
          .innerJoin(members, eq(members.id, teaTreeAdoptions.memberId))
          .where(where),
      );
    },

    async adoption(storeId: number, id: number) {
      const [row] = await joined().where(
        and(eq(teaTreeAdoptions.storeId, storeId), eq(teaTreeAdoptions.id, id)),
      );
      return row ?? null;
    },
  };
}

export type TeaTreeRepository = ReturnType<typeof createTeaTreeRepository>;
