import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { intArrayLiteral } from '../../db/array-literal.js';
import {
  cappedCountQuery,
  keysetPast,
  keysetRead,
  pageWindow,
  fixedStatement,
  shapedStatement,
  type Named,
  type KeysetKey,
  type KeysetKind,
  type Paging,
} from '../../db/paged-query.js';
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

/** What decides the SQL of a 会员跟进 tab's query: the tab, the kind of keyword typed, a member asked for. */
type TabShape = { tab: MemberStoreTab; keyword: 'digits' | 'text' | null; byMember: boolean };

const tabShape = (f: StoreListFilter): TabShape => ({
  tab: f.tab,
  keyword: f.keyword ? (/^\d+$/.test(f.keyword) ? 'digits' : 'text') : null,
  byMember: f.memberPublicId !== null,
});

/** The values of a tab's query, by the names its statement takes (a tab ignores those it does not use). */
const tabValues = (f: StoreListFilter): Record<string, unknown> => ({
  storeId: f.storeId,
  userId: f.userId,
  today: f.today,
  memberPublicId: f.memberPublicId,
  ...(f.keyword
    ? { phonePrefix: `${f.keyword}%`, numberPart: `%${f.keyword}%`, namePart: likeContains(f.keyword) }
    : {}),
});

/**
 * Every SQL statement of the members module (docs/domain/members.md); the rules are the service's. The reads of
 * the look-up, the profile and the 会员跟进 lists are prepared statements (`fixedStatement`, `shapedStatement`):
 * they run at the counter many times a minute, and building and compiling each again cost more CPU than
 * PostgreSQL spent answering it.
 */
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

  /** The statements of one shape: the look-up's and the profile's reads. */
  const fixed = {
    levels: fixedStatement(db, 'member_levels', (on) =>
      on.select().from(memberLevels).orderBy(asc(memberLevels.level)),
    ),
    storeNames: fixedStatement(db, 'member_store_names', (on, value) =>
      on
        .select({ id: stores.id, name: stores.shopName })
        .from(stores)
        .where(sql`${stores.id} = any(${value('ids')}::int[])`),
    ),
    userName: fixedStatement(db, 'member_user_name', (on, value) =>
      on
        .select({ name: users.nickName })
        .from(users)
        .where(eq(users.id, value('id'))),
    ),
    equities: fixedStatement(db, 'member_equities_of', (on, value) =>
      on
        .select({
          equityId: memberLevelEquities.id,
          name: memberLevelEquities.name,
          level: memberLevelEquities.level,
          needsActivation: memberEquities.needsActivation,
          activatedAt: memberEquities.activatedAt,
        })
        .from(memberEquities)
        .innerJoin(memberLevelEquities, eq(memberLevelEquities.id, memberEquities.equityId))
        .where(eq(memberEquities.memberId, value('memberId')))
        .orderBy(asc(memberLevelEquities.sort)),
    ),
    tags: fixedStatement(db, 'member_tags_of', (on, value) =>
      tagSelect(on)
        .innerJoin(memberTagLinks, eq(memberTagLinks.tagId, memberTags.id))
        .where(eq(memberTagLinks.memberId, value('memberId')))
        .orderBy(asc(memberTags.sort), asc(memberTags.id)),
    ),
    tagsForStore: fixedStatement(db, 'member_tags_for_store', (on, value) =>
      tagSelect(on)
        .where(
          and(
            eq(memberTags.enabled, true),
            eq(dictItems.enabled, true),
            or(isNull(memberTags.storeId), eq(memberTags.storeId, value('storeId'))),
          ),
        )
        .orderBy(asc(dictItems.sort), asc(memberTags.sort), asc(memberTags.id)),
    ),
    ledger: fixedStatement(db, 'member_ledger_of', (on, value) =>
      on
        .select()
        .from(memberPointsLedger)
        .where(eq(memberPointsLedger.memberId, value('memberId')))
        .orderBy(desc(memberPointsLedger.createdAt), desc(memberPointsLedger.id))
        .limit(PROFILE_HISTORY_ROWS),
    ),
    orders: fixedStatement(db, 'member_orders_of', (on, value) =>
      on
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
        .where(eq(omsOrders.memberId, value('memberId')))
        .orderBy(desc(omsOrders.orderedAt), desc(omsOrders.id))
        .limit(PROFILE_HISTORY_ROWS),
    ),
    addresses: fixedStatement(db, 'member_addresses_of', (on, value) =>
      on
        .select()
        .from(memberAddresses)
        .where(eq(memberAddresses.memberId, value('memberId')))
        .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.id)),
    ),
    followUps: fixedStatement(db, 'member_follow_ups_of', (on, value) =>
      on
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
        .where(eq(memberFollowUps.memberId, value('memberId')))
        .orderBy(desc(memberFollowUps.createdAt), desc(memberFollowUps.id))
        .limit(PROFILE_HISTORY_ROWS),
    ),
  };

  /**
   * The rows one tab of 会员跟进 lists, the column it shows, and its keyset: the keys it is ordered by (all
   * ascending or all descending), which an index of the tab reads in order (schema: members_guide_idx,
   * members_store_follow_idx, members_to_assign_idx, member_equities_store_pending_idx,
   * member_repurchase_due_open_idx), so a page reads its rows and never sorts the store's members.
   */
  const tabQuery = (shape: TabShape, value: Named) => {
    const conditions: (SQL | undefined)[] = [];
    if (shape.keyword === 'digits') {
      conditions.push(
        or(
          sql`${members.phone} like ${value('phonePrefix')}`,
          sql`${members.memberNo} like ${value('numberPart')}`,
        ),
      );
    }
    if (shape.keyword === 'text') conditions.push(sql`${members.name} ilike ${value('namePart')}`);
    if (shape.byMember) conditions.push(eq(members.publicId, value('memberPublicId')));
    const storeId = value('storeId');
    const home = eq(members.homeStoreId, storeId);
    const memberId: KeysetKey = { sql: members.id, kind: 'id' };
    let detail: SQL<string> = sql<string>`''`;
    let equityId: SQL<number | null> = sql<number | null>`null::int`;
    let keys: KeysetKey[];
    let direction: 'asc' | 'desc' = 'asc';
    let join: 'equity' | 'repurchase' | null = null;
    switch (shape.tab) {
      case 'toAssign':
        conditions.push(
          home,
          isNull(members.guideUserId),
          isNotNull(members.levelChangedAt),
          sql`${members.level} in (select level from ${memberLevels} where needs_guide)`,
        );
        keys = [{ sql: members.levelChangedAt, kind: 'timestamptz' }, memberId];
        direction = 'desc';
        break;
      case 'mine':
        // The next date, none last: the same expression as the index.
        conditions.push(home, eq(members.guideUserId, value('userId')));
        keys = [{ sql: sql`coalesce(${members.nextFollowUpOn}, 'infinity'::date)`, kind: 'date' }, memberId];
        break;
      case 'overdue':
        conditions.push(home, lt(members.nextFollowUpOn, value('today')));
        keys = [{ sql: members.nextFollowUpOn, kind: 'date' }, memberId];
        break;
      case 'equity':
        // The store's pending grants (the grant keeps the store and its need of activation).
        join = 'equity';
        conditions.push(
          eq(memberEquities.storeId, storeId),
          isNull(memberEquities.activatedAt),
          // Written as the partial index's predicate: a bound `= true` would keep the planner off the index.
          sql`${memberEquities.needsActivation}`,
        );
        detail = sql<string>`${memberLevelEquities.name}`;
        equityId = sql<number>`${memberLevelEquities.id}`;
        keys = [
          { sql: memberEquities.grantedAt, kind: 'timestamptz' },
          { sql: memberEquities.id, kind: 'id' },
        ];
        break;
      case 'repurchase':
        join = 'repurchase';
        conditions.push(
          isNull(memberRepurchaseDue.followedAt),
          eq(memberRepurchaseDue.storeId, storeId),
          sql`${memberRepurchaseDue.dueOn} - ${memberRepurchaseCycles.leadDays} <= ${value('today')}::date`,
        );
        detail = sql<string>`${memberRepurchaseCycles.name} || ' · ' || to_char(${memberRepurchaseDue.dueOn}, 'YYYY-MM-DD') || '到期'`;
        keys = [
          { sql: memberRepurchaseDue.dueOn, kind: 'date' },
          { sql: memberRepurchaseDue.memberId, kind: 'id' },
          { sql: memberRepurchaseDue.category, kind: 'text' },
        ];
        break;
    }
    const order = keys.map((k) => (direction === 'asc' ? asc(k.sql) : desc(k.sql)));
    return { where: and(...conditions), detail, equityId, keys, direction, order, join };
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

  /** A page of a tab (after a cursor or at an offset), built once per shape. */
  const pageOf = (shape: TabShape & { cursor: boolean }, on: Database, value: Named) => {
    const q = tabQuery(shape, value);
    const past = shape.cursor
      ? keysetPast(
          q.direction,
          q.keys,
          q.keys.map((_, i) => value(`cursor${i}`)),
        )
      : undefined;
    return joined(
      on
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
          keyset: keysetRead(q.keys),
        })
        .from(members)
        .$dynamic(),
      q.join,
    )
      .where(and(q.where, past))
      .orderBy(...q.order)
      .limit(value('limit'))
      .offset(value('offset'));
  };
  const countOf = (shape: TabShape, on: Database, value: Named) => {
    const q = tabQuery(shape, value);
    const limited = joined(
      on
        .select({ one: sql`1` })
        .from(members)
        .$dynamic(),
      q.join,
    )
      .where(q.where)
      .limit(value('cap'));
    return cappedCountQuery(on, limited);
  };
  // A typed keyword is planned for its pattern each time (see preparedRunner's planEachTime).
  const lists = {
    page: shapedStatement(db, 'member_store_page', pageOf),
    keywordPage: shapedStatement(db, 'member_store_page', pageOf, { planEachTime: true }),
    count: shapedStatement(db, 'member_store_count', countOf),
    keywordCount: shapedStatement(db, 'member_store_count', countOf, { planEachTime: true }),
  };

  return {
    levels: (): Promise<LevelRow[]> => fixed.levels({}),

    async storeNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await fixed.storeNames({ ids: intArrayLiteral(ids) });
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async userName(id: number): Promise<string | null> {
      const [row] = await fixed.userName({ id });
      return row?.name ?? null;
    },

    equitiesOf: (memberId: number) => fixed.equities({ memberId }),

    tagsOf: (memberId: number, tx: Database = db): Promise<TagRow[]> => fixed.tags({ memberId }, tx),

    /**
     * The tags the tag editor offers: chain tags and the store's own, enabled, in a group that is an enabled
     * item of the `member_tag_group` dictionary, in the dictionary's order of groups (one source: the table
     * holds the tags, the dictionary their groups).
     */
    tagsForStore: (storeId: number, tx: Database = db): Promise<TagRow[]> =>
      fixed.tagsForStore({ storeId }, tx),

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

    ledgerOf: (memberId: number) => fixed.ledger({ memberId }),

    /** The member's orders at any store of the chain, newest first, with the items in one text. */
    ordersOf: (memberId: number) => fixed.orders({ memberId }),

    addressesOf: (memberId: number) => fixed.addresses({ memberId }),

    followUpsOf: (memberId: number) => fixed.followUps({ memberId }),

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

    /**
     * One page of a tab of 会员跟进 in the tab's key order: after `cursor` (the key values of the page before's
     * last row) by keyset, else by OFFSET for `pageNum`. One row more than asked tells whether another follows.
     */
    storePage(filter: StoreListFilter, paging: Paging, cursor: unknown[] | null) {
      const window = pageWindow(paging, { peek: true });
      const values: Record<string, unknown> = {
        ...tabValues(filter),
        limit: window.limit,
        offset: cursor ? 0 : window.offset,
      };
      cursor?.forEach((key, i) => (values[`cursor${i}`] = key));
      const shape = { ...tabShape(filter), cursor: cursor !== null };
      return (filter.keyword ? lists.keywordPage : lists.page)(shape, values);
    },

    /** The kinds of a tab's keys: what a cursor of that tab must hold. */
    keysetKinds: (tab: MemberStoreTab): KeysetKind[] =>
      tabQuery({ tab, keyword: null, byMember: false }, sql.placeholder).keys.map((k) => k.kind),

    /** The tab's rows counted up to `cap` + 1 (a bounded index range, never the store's members to the end). */
    async storeCount(filter: StoreListFilter, cap: number): Promise<number> {
      const count = filter.keyword ? lists.keywordCount : lists.count;
      const [row] = await count(tabShape(filter), { ...tabValues(filter), cap: cap + 1 });
      return Number(row?.n ?? 0);
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
