import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf, type Paging } from '../../db/paged-query.js';
import {
  dictItems,
  dictTypes,
  memberAddresses,
  memberEquities,
  memberFollowUps,
  memberLevelEquities,
  memberLevels,
  memberPointsLedger,
  memberRepurchaseCycles,
  memberRepurchaseDue,
  memberTagLinks,
  memberTags,
  members,
  omsOrderItems,
  omsOrders,
  performanceOrders,
  stores,
  users,
  userStores,
} from '../../db/schema.js';
import type { MemberStoreTab } from '@console/contract';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** How many of each history the profile shows (newest first). */
export const PROFILE_HISTORY_ROWS = 20;

export type LevelRow = typeof memberLevels.$inferSelect;
export type TagRow = typeof memberTags.$inferSelect & { groupName: string };
export type StoreListFilter = {
  storeId: number;
  userId: number;
  tab: MemberStoreTab;
  keyword: string | null;
  memberPublicId: string | null;
  today: string;
};

const tagColumns = {
  id: memberTags.id,
  groupCode: memberTags.groupCode,
  name: memberTags.name,
  kind: memberTags.kind,
  rule: memberTags.rule,
  storeId: memberTags.storeId,
  enabled: memberTags.enabled,
  sort: memberTags.sort,
  groupName: sql<string>`coalesce(${dictItems.label}, ${memberTags.groupCode})`,
};

/** Every SQL statement of the members module (docs/domain/members.md); the rules are the service's. */
export function createMembersRepository(db: Database) {
  /** Tags with their group's name from the `member_tag_group` dictionary. */
  const tagSelect = (tx: Database) =>
    tx
      .select(tagColumns)
      .from(memberTags)
      .leftJoin(dictTypes, eq(dictTypes.code, 'member_tag_group'))
      .leftJoin(
        dictItems,
        and(eq(dictItems.typeId, dictTypes.id), eq(dictItems.value, memberTags.groupCode)),
      );

  /** The rows one tab of 会员跟进 lists, and the column it shows. */
  const tabQuery = (f: StoreListFilter) => {
    const conditions: (SQL | undefined)[] = [eq(members.homeStoreId, f.storeId)];
    if (f.keyword) {
      conditions.push(
        /^\d+$/.test(f.keyword)
          ? or(
              sql`${members.phone} like ${`${f.keyword}%`}`,
              sql`${members.memberNo} like ${`%${f.keyword}%`}`,
            )
          : sql`${members.name} ilike ${likeContains(f.keyword)}`,
      );
    }
    if (f.memberPublicId) conditions.push(eq(members.publicId, f.memberPublicId));
    let detail: SQL<string> = sql<string>`''`;
    let equityId: SQL<number | null> = sql<number | null>`null::int`;
    let order: SQL[] = [desc(members.levelChangedAt), desc(members.id)];
    let join: 'equity' | 'repurchase' | null = null;
    switch (f.tab) {
      case 'toAssign':
        conditions.push(
          isNull(members.guideUserId),
          isNotNull(members.levelChangedAt),
          sql`${members.level} in (select level from ${memberLevels} where needs_guide)`,
        );
        break;
      case 'mine':
        conditions.push(eq(members.guideUserId, f.userId));
        order = [sql`${members.nextFollowUpOn} asc nulls last`, desc(members.id)];
        break;
      case 'overdue':
        conditions.push(lt(members.nextFollowUpOn, f.today));
        order = [asc(members.nextFollowUpOn), desc(members.id)];
        break;
      case 'equity':
        join = 'equity';
        conditions.push(isNull(memberEquities.activatedAt), eq(memberLevelEquities.needsActivation, true));
        detail = sql<string>`${memberLevelEquities.name}`;
        equityId = sql<number>`${memberLevelEquities.id}`;
        order = [asc(memberEquities.grantedAt), desc(memberEquities.id)];
        break;
      case 'repurchase':
        join = 'repurchase';
        conditions.push(
          isNull(memberRepurchaseDue.followedAt),
          eq(memberRepurchaseDue.storeId, f.storeId),
          sql`${memberRepurchaseDue.dueOn} - ${memberRepurchaseCycles.leadDays} <= ${f.today}::date`,
        );
        detail = sql<string>`${memberRepurchaseCycles.name} || ' · ' || to_char(${memberRepurchaseDue.dueOn}, 'YYYY-MM-DD') || '到期'`;
        order = [asc(memberRepurchaseDue.dueOn), desc(members.id)];
        break;
    }
    return { where: and(...conditions), detail, equityId, order, join };
  };

  /** The tab's joins on a dynamic select (the equity and repurchase tabs list one row per equity / category). */
  // An explicit selection: the joins add conditions, not columns, so the select keeps its row type.
  function joined<Q extends PgSelect>(q: Q, join: 'equity' | 'repurchase' | null): Q {
    if (join === 'equity') {
      return q
        .innerJoin(memberEquities, eq(memberEquities.memberId, members.id))
        .innerJoin(memberLevelEquities, eq(memberLevelEquities.id, memberEquities.equityId)) as unknown as Q;
    }
    if (join === 'repurchase') {
      return q
        .innerJoin(memberRepurchaseDue, eq(memberRepurchaseDue.memberId, members.id))
        .innerJoin(
          memberRepurchaseCycles,
          eq(memberRepurchaseCycles.category, memberRepurchaseDue.category),
        ) as unknown as Q;
    }
    return q;
  }

  return {
    levels: (tx: Database = db): Promise<LevelRow[]> =>
      tx.select().from(memberLevels).orderBy(asc(memberLevels.level)),

    async storeNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: stores.id, name: stores.shopName })
        .from(stores)
        .where(inArray(stores.id, [...ids]));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async userName(id: number): Promise<string | null> {
      const [row] = await db.select({ name: users.nickName }).from(users).where(eq(users.id, id));
      return row?.name ?? null;
    },

    equitiesOf: (memberId: number) =>
      db
        .select({
          equityId: memberLevelEquities.id,
          name: memberLevelEquities.name,
          level: memberLevelEquities.level,
          needsActivation: memberLevelEquities.needsActivation,
          activatedAt: memberEquities.activatedAt,
        })
        .from(memberEquities)
        .innerJoin(memberLevelEquities, eq(memberLevelEquities.id, memberEquities.equityId))
        .where(eq(memberEquities.memberId, memberId))
        .orderBy(asc(memberLevelEquities.sort)),

    tagsOf: (memberId: number, tx: Database = db): Promise<TagRow[]> =>
      tagSelect(tx)
        .innerJoin(memberTagLinks, eq(memberTagLinks.tagId, memberTags.id))
        .where(eq(memberTagLinks.memberId, memberId))
        .orderBy(asc(memberTags.sort), asc(memberTags.id)),

    /**
     * The tags the tag editor offers: chain tags and the store's own, enabled, in a group that is an enabled
     * item of the `member_tag_group` dictionary, in the dictionary's order of groups (one source: the table
     * holds the tags, the dictionary their groups).
     */
    tagsForStore: (storeId: number, tx: Database = db): Promise<TagRow[]> =>
      tagSelect(tx)
        .where(
          and(
            eq(memberTags.enabled, true),
            eq(dictItems.enabled, true),
            or(isNull(memberTags.storeId), eq(memberTags.storeId, storeId)),
          ),
        )
        .orderBy(asc(dictItems.sort), asc(memberTags.sort), asc(memberTags.id)),

    tagsByIds: (ids: readonly number[], tx: Database = db) =>
      ids.length === 0
        ? Promise.resolve([])
        : tx
            .select()
            .from(memberTags)
            .where(inArray(memberTags.id, [...ids])),

    /** Removes the member's manual tags among `settable` that are not in `keep`, adds `add`. */
    async replaceManualTags(
      tx: Database,
      change: {
        memberId: number;
        settable: number[];
        keep: number[];
        storeId: number;
        userId: number;
        at: Date;
      },
    ) {
      const drop = change.settable.filter((id) => !change.keep.includes(id));
      if (drop.length > 0) {
        await tx
          .delete(memberTagLinks)
          .where(and(eq(memberTagLinks.memberId, change.memberId), inArray(memberTagLinks.tagId, drop)));
      }
      if (change.keep.length > 0) {
        await tx
          .insert(memberTagLinks)
          .values(
            change.keep.map((tagId) => ({
              memberId: change.memberId,
              tagId,
              storeId: change.storeId,
              userId: change.userId,
              createdAt: change.at,
            })),
          )
          .onConflictDoNothing();
      }
    },

    ledgerOf: (memberId: number) =>
      db
        .select()
        .from(memberPointsLedger)
        .where(eq(memberPointsLedger.memberId, memberId))
        .orderBy(desc(memberPointsLedger.createdAt), desc(memberPointsLedger.id))
        .limit(PROFILE_HISTORY_ROWS),

    /** The member's orders at any store of the chain, newest first, with the items in one text. */
    ordersOf: (memberId: number) =>
      db
        .select({
          omsOrderNo: omsOrders.omsOrderNo,
          orderedAt: omsOrders.orderedAt,
          channel: omsOrders.channel,
          payCents: omsOrders.payCents,
          status: omsOrders.status,
          // Qualified by hand: in a one-table select drizzle writes a column as `"id"`, which inside these
          // subqueries would be the subquery's own id.
          storeName: sql<string | null>`(select s.shop_name from ${stores} s where s.id = coalesce(
            (select p.store_id from ${performanceOrders} p where p.oms_order_id = ${omsOrders}.id limit 1),
            ${omsOrders}.placed_store_id))`,
          items: sql<string>`coalesce((select string_agg(i.name || '×' || i.quantity, '、' order by i.id)
            from ${omsOrderItems} i where i.oms_order_id = ${omsOrders}.id), '')`,
        })
        .from(omsOrders)
        .where(eq(omsOrders.memberId, memberId))
        .orderBy(desc(omsOrders.orderedAt), desc(omsOrders.id))
        .limit(PROFILE_HISTORY_ROWS),

    addressesOf: (memberId: number) =>
      db
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, memberId))
        .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.id)),

    followUpsOf: (memberId: number) =>
      db
        .select({
          createdAt: memberFollowUps.createdAt,
          userName: users.nickName,
          storeName: stores.shopName,
          channel: memberFollowUps.channel,
          result: memberFollowUps.result,
          content: memberFollowUps.content,
          nextOn: memberFollowUps.nextOn,
        })
        .from(memberFollowUps)
        .innerJoin(users, eq(users.id, memberFollowUps.userId))
        .innerJoin(stores, eq(stores.id, memberFollowUps.storeId))
        .where(eq(memberFollowUps.memberId, memberId))
        .orderBy(desc(memberFollowUps.createdAt), desc(memberFollowUps.id))
        .limit(PROFILE_HISTORY_ROWS),

    /** Enabled users authorised for the store, with how many of its members each guides. */
    guidesOf: (storeId: number) =>
      db
        .select({
          userId: users.id,
          nickName: users.nickName,
          members: sql<number>`(select count(*) from ${members} m where m.guide_user_id = ${users.id}
            and m.home_store_id = ${storeId})`.mapWith(Number),
        })
        .from(userStores)
        .innerJoin(users, eq(users.id, userStores.userId))
        .where(and(eq(userStores.storeId, storeId), eq(users.enabled, true)))
        .orderBy(asc(users.nickName), asc(users.id)),

    async isGuideOf(storeId: number, userId: number, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(userStores)
        .innerJoin(users, eq(users.id, userStores.userId))
        .where(and(eq(userStores.storeId, storeId), eq(userStores.userId, userId), eq(users.enabled, true)));
      return Boolean(row);
    },

    membersByPublicIds: (publicIds: readonly string[], tx: Database = db) =>
      tx
        .select({ id: members.id, publicId: members.publicId, homeStoreId: members.homeStoreId })
        .from(members)
        .where(inArray(members.publicId, [...publicIds])),

    async assignGuide(tx: Database, memberIds: readonly number[], guideUserId: number, at: Date) {
      const rows = await tx
        .update(members)
        .set({ guideUserId, guideAssignedAt: at })
        .where(inArray(members.id, [...memberIds]))
        .returning({ id: members.id });
      return rows.length;
    },

    async addFollowUp(
      tx: Database,
      row: typeof memberFollowUps.$inferInsert & { nextOn: string | null; createdAt: Date },
    ) {
      await tx.insert(memberFollowUps).values(row);
      await tx
        .update(members)
        .set({ nextFollowUpOn: row.nextOn, lastFollowUpAt: row.createdAt })
        .where(eq(members.id, row.memberId));
      // A follow-up answers the member's open repurchase reminders at this store.
      await tx
        .update(memberRepurchaseDue)
        .set({ followedAt: row.createdAt })
        .where(
          and(
            eq(memberRepurchaseDue.memberId, row.memberId),
            eq(memberRepurchaseDue.storeId, row.storeId),
            isNull(memberRepurchaseDue.followedAt),
          ),
        );
    },

    /** Activates the member's equity if held and not yet active; answers whether it did. */
    async activateEquity(
      tx: Database,
      a: { memberId: number; equityId: number; userId: number; storeId: number; at: Date },
    ) {
      const rows = await tx
        .update(memberEquities)
        .set({ activatedAt: a.at, activatedByUserId: a.userId, activatedStoreId: a.storeId })
        .where(
          and(
            eq(memberEquities.memberId, a.memberId),
            eq(memberEquities.equityId, a.equityId),
            isNull(memberEquities.activatedAt),
          ),
        )
        .returning({ id: memberEquities.id });
      return rows.length > 0;
    },

    async equityHeld(memberId: number, equityId: number) {
      const [row] = await db
        .select({ activatedAt: memberEquities.activatedAt })
        .from(memberEquities)
        .where(and(eq(memberEquities.memberId, memberId), eq(memberEquities.equityId, equityId)));
      return row ?? null;
    },

    /** One page of a tab of 会员跟进. */
    storePage(filter: StoreListFilter, paging: Paging) {
      const q = tabQuery(filter);
      const rows = joined(
        db
          .select({
            memberId: members.publicId,
            memberNo: members.memberNo,
            name: members.name,
            phone: members.phone,
            level: members.level,
            guideName: sql<
              string | null
            >`(select u.nick_name from ${users} u where u.id = ${members.guideUserId})`,
            levelChangedAt: members.levelChangedAt,
            nextFollowUpOn: members.nextFollowUpOn,
            lastFollowUpAt: members.lastFollowUpAt,
            detail: q.detail,
            equityId: q.equityId,
          })
          .from(members)
          .$dynamic(),
        q.join,
      )
        .where(q.where)
        .orderBy(...q.order);
      const counted = joined(db.select({ n: count() }).from(members).$dynamic(), q.join).where(q.where);
      return numberedPageOf(paging, rows, counted);
    },

    async storeCount(filter: StoreListFilter): Promise<number> {
      const q = tabQuery(filter);
      const [row] = await joined(db.select({ n: count() }).from(members).$dynamic(), q.join).where(q.where);
      return Number(row?.n ?? 0);
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
