import type { AnnouncementStatus } from '@console/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeLiteral } from '../../db/like-pattern.js';
import { numberedPageOf, type NumberedPage, type Paging } from '../../db/paged-query.js';
import {
  announcementAttachments,
  announcementReceipts,
  announcements,
  announcementTargets,
  imMessages,
  roles,
  shopGroups,
  stores,
  users,
} from '../../db/schema.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';

export type TargetKind = 'group' | 'store' | 'role';
export type Targets = { groupIds: number[]; storeIds: number[]; roleIds: number[] };
export type NoticeFields = { title: string; content: string; publishAt: Date | null };

export type NoticeRecord = {
  id: number;
  title: string;
  content: string;
  status: AnnouncementStatus;
  publishAt: Date | null;
  publishedAt: Date | null;
  withdrawnAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  recipientCount: number;
  readCount: number;
  attachmentCount: number;
};

export type NamedTarget = { kind: TargetKind; id: number; name: string; code: string };
export type Addressee = { userId: number; storeId: number };

/** Read = the reader view was opened, or the message was marked read in the message center. */
const receiptRead = sql`(r.read_at is not null or exists (select 1 from im_messages m where m.id = r.message_id and m.status >= 2))`;

const noticeColumns = {
  id: announcements.id,
  title: announcements.title,
  content: announcements.content,
  status: sql<AnnouncementStatus>`${announcements.status}`,
  publishAt: announcements.publishAt,
  publishedAt: announcements.publishedAt,
  withdrawnAt: announcements.withdrawnAt,
  createdBy: sql<string>`coalesce(${users.nickName}, '')`,
  createdAt: announcements.createdAt,
  updatedAt: announcements.updatedAt,
  recipientCount: sql<number>`(select count(*)::int from announcement_receipts r where r.announcement_id = ${announcements.id})`,
  readCount: sql<number>`(select count(*)::int from announcement_receipts r where r.announcement_id = ${announcements.id} and ${receiptRead})`,
  attachmentCount: sql<number>`(select count(*)::int from announcement_attachments a where a.announcement_id = ${announcements.id})`,
};

export type NoticeFilters = Paging & {
  keyword?: string | null;
  status?: AnnouncementStatus | null;
  dateFrom?: string | null;
  dateTo?: string | null;
};

export type ReceiptRecord = {
  userId: number;
  nickName: string;
  workCode: string;
  storeCode: string;
  storeName: string;
  read: boolean;
  readAt: Date | null;
};
export type ReceiptPage = NumberedPage<ReceiptRecord> & { readCount: number; unreadCount: number };

/** Rows of a raw statement: the Database union leaves the result's type unknown; both drivers answer `{ rows }`. */
async function rowsOf<Row>(result: PromiseLike<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

export function createAnnouncementsRepository(db: Database) {
  function selectNotices(tx: Database) {
    return tx
      .select(noticeColumns)
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy));
  }

  return {
    async page(filters: NoticeFilters): Promise<NumberedPage<NoticeRecord>> {
      const conditions: (SQL | undefined)[] = [
        filters.status ? eq(announcements.status, filters.status) : undefined,
        filters.keyword ? ilike(announcements.title, `%${likeLiteral(filters.keyword)}%`) : undefined,
        ...withinShanghaiDays(announcements.createdAt, filters.dateFrom, filters.dateTo),
      ];
      const where = and(...conditions);
      return numberedPageOf(
        filters,
        selectNotices(db).where(where).orderBy(desc(announcements.id)),
        db.select({ n: count() }).from(announcements).where(where),
      );
    },

    async byId(id: number, tx: Database = db, { lock = false } = {}): Promise<NoticeRecord | null> {
      if (lock)
        await tx
          .select({ id: announcements.id })
          .from(announcements)
          .where(eq(announcements.id, id))
          .for('update');
      const [row] = await selectNotices(tx).where(eq(announcements.id, id));
      return row ?? null;
    },

    async insert(tx: Database, fields: NoticeFields, createdBy: number, at: Date): Promise<number> {
      const [row] = await tx
        .insert(announcements)
        .values({ ...fields, createdBy, createdAt: at, updatedAt: at })
        .returning({ id: announcements.id });
      return row!.id;
    },

    async update(
      tx: Database,
      id: number,
      fields: Partial<NoticeFields> & {
        status?: AnnouncementStatus;
        publishedAt?: Date | null;
        withdrawnAt?: Date | null;
      },
      at: Date,
    ) {
      await tx
        .update(announcements)
        .set({ ...fields, updatedAt: at })
        .where(eq(announcements.id, id));
    },

    async remove(tx: Database, id: number): Promise<void> {
      await tx.delete(announcements).where(eq(announcements.id, id));
    },

    async replaceTargets(tx: Database, id: number, targets: Targets): Promise<void> {
      await tx.delete(announcementTargets).where(eq(announcementTargets.announcementId, id));
      const rows = [
        ...targets.groupIds.map((targetId) => ({ kind: 'group', targetId })),
        ...targets.storeIds.map((targetId) => ({ kind: 'store', targetId })),
        ...targets.roleIds.map((targetId) => ({ kind: 'role', targetId })),
      ].map((t) => ({ ...t, announcementId: id }));
      if (rows.length) await tx.insert(announcementTargets).values(rows);
    },

    /** The targets of some notices with their names; a deleted group, store or role is left out. */
    async namedTargets(ids: readonly number[], tx: Database = db): Promise<Map<number, NamedTarget[]>> {
      const byNotice = new Map<number, NamedTarget[]>();
      if (ids.length === 0) return byNotice;
      const rows = await tx
        .select({
          announcementId: announcementTargets.announcementId,
          kind: sql<TargetKind>`${announcementTargets.kind}`,
          id: announcementTargets.targetId,
          name: sql<string | null>`coalesce(${shopGroups.frontTitle}, ${stores.shopName}, ${roles.name})`,
          code: sql<string>`coalesce(${stores.shopCode}, '')`,
        })
        .from(announcementTargets)
        .leftJoin(
          shopGroups,
          and(eq(announcementTargets.kind, 'group'), eq(shopGroups.id, announcementTargets.targetId)),
        )
        .leftJoin(
          stores,
          and(eq(announcementTargets.kind, 'store'), eq(stores.id, announcementTargets.targetId)),
        )
        .leftJoin(
          roles,
          and(eq(announcementTargets.kind, 'role'), eq(roles.id, announcementTargets.targetId)),
        )
        .where(inArray(announcementTargets.announcementId, [...ids]))
        .orderBy(asc(announcementTargets.kind), asc(announcementTargets.targetId));
      for (const row of rows) {
        if (row.name === null) continue;
        const list = byNotice.get(row.announcementId) ?? [];
        list.push({ kind: row.kind, id: row.id, name: row.name, code: row.code });
        byNotice.set(row.announcementId, list);
      }
      return byNotice;
    },

    async targets(id: number, tx: Database = db): Promise<Targets> {
      const rows = await tx
        .select()
        .from(announcementTargets)
        .where(eq(announcementTargets.announcementId, id));
      const of = (kind: TargetKind) => rows.filter((r) => r.kind === kind).map((r) => r.targetId);
      return { groupIds: of('group'), storeIds: of('store'), roleIds: of('role') };
    },

    /** Which of the ids exist: unknown ones are refused before anything is saved. */
    async existing(tx: Database, targets: Targets): Promise<Targets> {
      const ids = async <T extends { id: number }>(list: number[], read: (ids: number[]) => Promise<T[]>) =>
        list.length ? (await read(list)).map((r) => r.id) : [];
      return {
        groupIds: await ids(targets.groupIds, (l) =>
          tx.select({ id: shopGroups.id }).from(shopGroups).where(inArray(shopGroups.id, l)),
        ),
        storeIds: await ids(targets.storeIds, (l) =>
          tx.select({ id: stores.id }).from(stores).where(inArray(stores.id, l)),
        ),
        roleIds: await ids(targets.roleIds, (l) =>
          tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, l)),
        ),
      };
    },

    /**
     * Who a notice reaches at publish time, one inbox each: enabled users of the open stores addressed (directly or
     * through their group) get it in the first such store they hold; holders of an addressed role who were not
     * reached that way get it in the first open store they hold. Users without an open store have no inbox.
     */
    async resolveAddressees(tx: Database, targets: Targets): Promise<Addressee[]> {
      const none = sql`array[]::int[]`;
      const ids = (list: number[]) =>
        list.length
          ? sql`array[${sql.join(
              list.map((id) => sql`${id}`),
              sql`, `,
            )}]::int[]`
          : none;
      const rows = await rowsOf<{ user_id: number; store_id: number }>(
        tx.execute(sql`
        select distinct on (a.user_id) a.user_id, a.store_id
        from (
          select us.user_id, us.store_id, 0 as via
          from user_stores us
          join stores s on s.id = us.store_id and s.enabled
          where s.id = any(${ids(targets.storeIds)}) or s.shop_group_id = any(${ids(targets.groupIds)})
          union all
          select us.user_id, us.store_id, 1 as via
          from user_roles ur
          join user_stores us on us.user_id = ur.user_id
          join stores s on s.id = us.store_id and s.enabled
          where ur.role_id = any(${ids(targets.roleIds)})
        ) a
        join users u on u.id = a.user_id and u.enabled
        order by a.user_id, a.via, a.store_id`),
      );
      return rows.map((r) => ({ userId: Number(r.user_id), storeId: Number(r.store_id) }));
    },

    async insertReceipts(
      tx: Database,
      id: number,
      rows: { userId: number; storeId: number; messageId: number }[],
      at: Date,
    ): Promise<void> {
      for (let start = 0; start < rows.length; start += 1_000) {
        await tx
          .insert(announcementReceipts)
          .values(rows.slice(start, start + 1_000).map((r) => ({ ...r, announcementId: id, createdAt: at })));
      }
    },

    /** Deletes the notice's messages from every inbox; the receipts stay (the read list). Returns how many. */
    async deleteMessages(tx: Database, id: number): Promise<number> {
      // A message read in the center is the only record of that reading: keep it on the receipt first.
      await tx.execute(sql`
        update announcement_receipts r set read_at = m.read_at
        from im_messages m
        where r.announcement_id = ${id} and m.id = r.message_id and m.status >= 2 and r.read_at is null`);
      const deleted = await tx
        .delete(imMessages)
        .where(
          inArray(
            imMessages.id,
            tx
              .select({ id: sql<number>`${announcementReceipts.messageId}` })
              .from(announcementReceipts)
              .where(
                and(eq(announcementReceipts.announcementId, id), isNotNull(announcementReceipts.messageId)),
              ),
          ),
        )
        .returning({ id: imMessages.id });
      return deleted.length;
    },

    async receipts(id: number, filter: Paging & { read?: 'read' | 'unread' | null }): Promise<ReceiptPage> {
      const only =
        filter.read === 'read'
          ? sql`and ${receiptRead}`
          : filter.read === 'unread'
            ? sql`and not ${receiptRead}`
            : sql``;
      const offset = (filter.pageNum - 1) * filter.pageSize;
      const [list, counts] = await Promise.all([
        rowsOf<ReceiptRecord>(
          db.execute(sql`
            select u.id as "userId", u.nick_name as "nickName", u.work_code as "workCode",
                   s.shop_code as "storeCode", s.shop_name as "storeName", ${receiptRead} as "read",
                   coalesce(r.read_at, (select m.read_at from im_messages m where m.id = r.message_id and m.status >= 2))
                     as "readAt"
            from announcement_receipts r
            join users u on u.id = r.user_id
            join stores s on s.id = r.store_id
            where r.announcement_id = ${id} ${only}
            order by 6, u.id
            limit ${filter.pageSize} offset ${offset}`),
        ),
        rowsOf<{ total: number; read: number; matching: number }>(
          db.execute(sql`
            select count(*)::int as total, (count(*) filter (where ${receiptRead}))::int as read,
                   (count(*) filter (where true ${only}))::int as matching
            from announcement_receipts r where r.announcement_id = ${id}`),
        ),
      ]);
      const c = counts[0] ?? { total: 0, read: 0, matching: 0 };
      return {
        list: list.map((row) => ({ ...row, readAt: row.readAt ? new Date(row.readAt) : null })),
        total: c.matching,
        pageNum: filter.pageNum,
        pageSize: filter.pageSize,
        readCount: c.read,
        unreadCount: c.total - c.read,
      };
    },

    /** The receipt of one addressee, with the notice's state. */
    async receiptOf(id: number, userId: number) {
      const [row] = await db
        .select({ messageId: announcementReceipts.messageId, readAt: announcementReceipts.readAt })
        .from(announcementReceipts)
        .where(and(eq(announcementReceipts.announcementId, id), eq(announcementReceipts.userId, userId)));
      return row ?? null;
    },

    /** Marks the reader view opened (first time only) and the message read, as opening it in the center does. */
    async markRead(tx: Database, id: number, userId: number, at: Date): Promise<void> {
      await tx
        .update(announcementReceipts)
        .set({ readAt: at })
        .where(
          and(
            eq(announcementReceipts.announcementId, id),
            eq(announcementReceipts.userId, userId),
            isNull(announcementReceipts.readAt),
          ),
        );
      await tx
        .update(imMessages)
        .set({ status: 2, readAt: at })
        .where(
          and(
            inArray(
              imMessages.id,
              tx
                .select({ id: sql<number>`${announcementReceipts.messageId}` })
                .from(announcementReceipts)
                .where(
                  and(eq(announcementReceipts.announcementId, id), eq(announcementReceipts.userId, userId)),
                ),
            ),
            inArray(imMessages.status, [0, 1]),
          ),
        );
    },

    async dueIds(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(and(eq(announcements.status, 'scheduled'), lte(announcements.publishAt, now)))
        .orderBy(asc(announcements.publishAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    // ── attachments ────────────────────────────────────────────────────────────

    async attachments(id: number, tx: Database = db) {
      return tx
        .select({
          id: announcementAttachments.id,
          fileName: announcementAttachments.fileName,
          size: announcementAttachments.size,
        })
        .from(announcementAttachments)
        .where(eq(announcementAttachments.announcementId, id))
        .orderBy(asc(announcementAttachments.id));
    },

    async insertAttachment(
      tx: Database,
      row: { announcementId: number; fileName: string; contentType: string; content: Buffer },
      at: Date,
    ) {
      const [inserted] = await tx
        .insert(announcementAttachments)
        .values({ ...row, size: row.content.length, createdAt: at })
        .returning({
          id: announcementAttachments.id,
          fileName: announcementAttachments.fileName,
          size: announcementAttachments.size,
        });
      return inserted!;
    },

    async attachmentMeta(attachmentId: number, tx: Database = db) {
      const [row] = await tx
        .select({
          id: announcementAttachments.id,
          announcementId: announcementAttachments.announcementId,
          fileName: announcementAttachments.fileName,
          size: announcementAttachments.size,
        })
        .from(announcementAttachments)
        .where(eq(announcementAttachments.id, attachmentId));
      return row ?? null;
    },

    async attachmentFile(attachmentId: number) {
      const [row] = await db
        .select({
          announcementId: announcementAttachments.announcementId,
          fileName: announcementAttachments.fileName,
          contentType: announcementAttachments.contentType,
          content: announcementAttachments.content,
        })
        .from(announcementAttachments)
        .where(eq(announcementAttachments.id, attachmentId));
      return row ?? null;
    },

    async removeAttachment(tx: Database, attachmentId: number): Promise<void> {
      await tx.delete(announcementAttachments).where(eq(announcementAttachments.id, attachmentId));
    },

    // ── addressee options ──────────────────────────────────────────────────────

    async groupOptions(groupIds: number[] | 'all') {
      const select = db.select({ id: shopGroups.id, name: shopGroups.frontTitle }).from(shopGroups);
      if (groupIds !== 'all' && groupIds.length === 0) return [];
      return (groupIds === 'all' ? select : select.where(inArray(shopGroups.id, groupIds))).orderBy(
        asc(shopGroups.sort),
        asc(shopGroups.id),
      );
    },

    async storeOptions(inScope: SQL | undefined, keyword: string | null | undefined, limit: number) {
      const match = keyword
        ? or(
            ilike(stores.shopName, `%${likeLiteral(keyword)}%`),
            ilike(stores.shopCode, `${likeLiteral(keyword)}%`),
          )
        : undefined;
      return db
        .select({ id: stores.id, name: stores.shopName, code: stores.shopCode })
        .from(stores)
        .where(and(eq(stores.enabled, true), inScope, match))
        .orderBy(asc(stores.id))
        .limit(limit);
    },

    async roleOptions(roleIds: Set<number>) {
      if (roleIds.size === 0) return [];
      return db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(inArray(roles.id, [...roleIds]))
        .orderBy(asc(roles.id));
    },

    /** The ids among `storeIds` inside the scope condition. */
    async storesInScope(tx: Database, storeIds: number[], inScope: SQL | undefined): Promise<number[]> {
      if (storeIds.length === 0) return [];
      const rows = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(and(inArray(stores.id, storeIds), inScope));
      return rows.map((r) => r.id);
    },

    async names(tx: Database, kind: TargetKind, ids: number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const table = kind === 'group' ? shopGroups : kind === 'store' ? stores : roles;
      const name = kind === 'group' ? shopGroups.frontTitle : kind === 'store' ? stores.shopName : roles.name;
      const rows = await tx
        .select({ name })
        .from(table)
        .where(inArray((table as typeof roles).id, ids));
      return rows.map((r) => r.name);
    },
  };
}

export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
