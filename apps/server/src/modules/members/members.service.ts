import {
  FOLLOW_UP_CHANNEL_TEXT,
  FOLLOW_UP_NEXT_DAYS_MAX,
  FOLLOW_UP_RESULT_TEXT,
  MEMBER_CHANNEL_TEXT,
  MEMBER_CODE_PREFIX,
  MEMBER_PUBLIC_ID_PATTERN,
  MEMBER_SEARCH_LIMIT,
  MEMBER_STORE_COUNT_CAP,
  MEMBER_STORE_TABS,
  MEMBER_TEXT,
  ORDER_CHANNEL_TEXT,
  maskPhone,
  type FollowUpChannel,
  type FollowUpResult,
  type MemberChannel,
  type MemberHit,
  type MemberProfile,
  type MemberStoreCounts,
  type MemberStorePage,
  type MemberTag,
  type MemberTagGroup,
  type OrderChannel,
  type activateEquityBodySchema,
  type assignGuideBodySchema,
  type followUpBodySchema,
  type memberStoreFilters,
  type setTagsBodySchema,
} from '@console/contract';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { cappedTotal, decodeKeyset, encodeKeyset, splitPeek } from '../../db/paged-query.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { AuditLog } from '../audit/audit-log.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import { shanghaiDateTime } from '../im/message-format.js';
import { createLookupsRepository } from '../orders/lookups/lookups.repository.js';
import {
  createMemberAccess,
  maskedKeywords,
  type MemberRow,
  type MemberScope,
} from '../orders/lookups/member-access.js';
import { createMembersRepository, type LevelRow, type TagRow } from './members.repository.js';

type SetTagsBody = z.output<typeof setTagsBodySchema>;
type AssignBody = z.output<typeof assignGuideBodySchema>;
type FollowUpBody = z.output<typeof followUpBodySchema>;
type ActivateBody = z.output<typeof activateEquityBodySchema>;
type StoreListBody = z.output<typeof memberStoreFilters.request>;

/** The caller: session, store and user (`MemberScope`), the store's code and the buttons they hold. */
export type MemberActor = MemberScope & {
  storeCode: string;
  can: { tag: boolean; assign: boolean; follow: boolean };
};

const POINTS_REASON_TEXT: Record<string, string> = {
  opening: '开户积分',
  valet_redeem: '代客兑换',
  coupon_exchange: '兑换优惠券',
  refund: '退款退回',
  earn: '消费获得',
  expire: '积分过期',
  adjust: '人工调整',
};

const OMS_STATUS_TEXT: Record<string, string> = {
  open: '进行中',
  customer_cancelled: '已取消',
  completed: '已完成',
};

const DAY_MS = 86_400_000;

/** The region and a detail with its middle hidden: `北京市通州区 马驹桥**号`. */
export function maskAddress(regionName: string, detail: string): string {
  const chars = [...detail];
  if (chars.length <= 4) return `${regionName}${chars[0] ?? ''}***`;
  const keep = Math.ceil(chars.length / 4);
  return `${regionName}${chars.slice(0, keep).join('')}${'*'.repeat(chars.length - 2 * keep)}${chars.slice(-keep).join('')}`;
}

/** What a scanned member code names: `member:<publicId>` (an activity QR adds `:<store code>`). */
export function publicIdOfCode(keywords: string): string | null {
  if (!keywords.startsWith(MEMBER_CODE_PREFIX)) return null;
  const id = keywords.slice(MEMBER_CODE_PREFIX.length).split(':')[0] ?? '';
  return MEMBER_PUBLIC_ID_PATTERN.test(id) ? id : null;
}

const levelName = (levels: readonly LevelRow[], level: number) =>
  levels.find((l) => l.level === level)?.name ?? `${level}级会员`;

const tagOf = (row: TagRow): MemberTag => ({
  tagId: row.id,
  name: row.name,
  groupCode: row.groupCode,
  groupName: row.groupName,
  kind: row.kind === 'rule' ? 'rule' : 'manual',
  ownStore: row.storeId !== null,
});

/**
 * 会员查询 and 会员跟进 (docs/domain/members.md): look-up, the audited profile, tags, guides, follow-ups, equity
 * activation, the activity QR and the follow-up lists. A member the store does not serve is not found
 * (`member-access.ts`); every write is audited in its transaction.
 */
export function createMembersService(deps: { db: Database; clock: Clock; audit: AuditLog }) {
  const { db, clock, audit } = deps;
  const repo = createMembersRepository(db);
  const lookups = createLookupsRepository(db, clock);
  const access = createMemberAccess(db, clock);

  const today = () => shanghaiDay(clock());

  const hitOf =
    (levels: readonly LevelRow[], storeNames: ReadonlyMap<number, string>) =>
    (m: MemberRow): MemberHit => ({
      memberId: m.publicId,
      memberNo: m.memberNo,
      name: m.name,
      phoneMasked: maskPhone(m.phone),
      level: m.level,
      levelName: levelName(levels, m.level),
      points: m.points,
      homeStoreName: m.homeStoreId ? (storeNames.get(m.homeStoreId) ?? null) : null,
    });

  const isExactHit = (m: MemberRow, keywords: string) =>
    m.phone === keywords || m.memberNo.toUpperCase() === keywords.toUpperCase();

  return {
    /**
     * By full phone, member number or scanned code: anyone (the find lets this session serve them here); by a
     * phone prefix or a name part: the store's own only. Audited (`member.lookup`, keywords masked).
     */
    async inquiry(scope: MemberScope, keywords: string): Promise<MemberHit[]> {
      const scanned = publicIdOfCode(keywords);
      // Each step's reads and writes go at once: the levels beside the search; the find, the audit row and
      // the home stores' names after it. Two round trips to the database, not four.
      const [rows, levels] = await Promise.all([
        scanned
          ? lookups.memberByPublicId(scanned).then((row) => (row ? [row] : []))
          : lookups.searchMembers(scope, keywords, null, MEMBER_SEARCH_LIMIT),
        repo.levels(),
      ]);
      const exact = scanned ? rows : rows.filter((m) => isExactHit(m, keywords));
      const [, , storeNames] = await Promise.all([
        access.recordFinds(
          scope,
          exact.map((m) => m.id),
        ),
        audit.record({
          action: 'member.lookup',
          userId: scope.userId,
          client: scope.client,
          target: `store:${scope.storeId}`,
          detail: {
            storeId: scope.storeId,
            inquiry: true,
            keywords: scanned ? 'member-code' : maskedKeywords(keywords),
            found: rows.length,
          },
        }),
        repo.storeNames([...new Set(rows.flatMap((r) => (r.homeStoreId ? [r.homeStoreId] : [])))]),
      ]);
      return rows.map(hitOf(levels, storeNames));
    },

    /**
     * The profile with the full phone; the read is audited (`member.view`). The points balance is the
     * member's `points`, which only the points ledger writes with each ledger row (`modules/points`), so the
     * profile never sums the ledger.
     */
    async profile(actor: MemberActor, publicId: string): Promise<MemberProfile> {
      // One read decides whether the store serves the member; the audit row and the sections then go at once.
      const m = await access.requireServed(actor, publicId);
      const [, levels, names, guide, equities, tags, ledger, orders, addresses, followUps] =
        await Promise.all([
          access.recordView(actor, m),
          repo.levels(),
          repo.storeNames(m.homeStoreId ? [m.homeStoreId] : []),
          m.guideUserId ? repo.userName(m.guideUserId) : Promise.resolve(null),
          repo.equitiesOf(m.id),
          repo.tagsOf(m.id),
          repo.ledgerOf(m.id),
          repo.ordersOf(m.id),
          repo.addressesOf(m.id),
          repo.followUpsOf(m.id),
        ]);
      const next = levels.find((l) => l.level > m.level) ?? null;
      const homeStore = m.homeStoreId === actor.storeId;
      return {
        memberId: m.publicId,
        memberNo: m.memberNo,
        name: m.name,
        phone: m.phone,
        phoneMasked: maskPhone(m.phone),
        temporary: m.temporary,
        channel: m.channel,
        channelText: MEMBER_CHANNEL_TEXT[m.channel as MemberChannel] ?? m.channel,
        birthday: m.birthday,
        contactConsent: m.contactConsent,
        registeredAt: shanghaiDateTime(m.createdAt),
        homeStoreName: m.homeStoreId ? (names.get(m.homeStoreId) ?? null) : null,
        homeStore,
        level: m.level,
        levelName: levelName(levels, m.level),
        growth: m.growth,
        nextLevelName: next?.name ?? null,
        growthToNext: next ? Math.max(0, next.minGrowth - m.growth) : null,
        levelChangedAt: m.levelChangedAt ? shanghaiDateTime(m.levelChangedAt) : null,
        points: m.points,
        guide: m.guideUserId && guide ? { userId: m.guideUserId, nickName: guide } : null,
        nextFollowUpOn: m.nextFollowUpOn,
        equities: equities.map((e) => ({
          equityId: e.equityId,
          name: e.name,
          level: e.level,
          needsActivation: e.needsActivation,
          activatedAt: e.activatedAt ? shanghaiDateTime(e.activatedAt) : null,
        })),
        tags: tags.map(tagOf),
        ledger: ledger.map((l) => ({
          at: shanghaiDateTime(l.createdAt),
          delta: l.delta,
          balanceAfter: l.balanceAfter,
          reason: l.reason,
          reasonText: POINTS_REASON_TEXT[l.reason] ?? l.reason,
          refNo: l.refNo,
        })),
        orders: orders.map((o) => ({
          omsOrderNo: o.omsOrderNo,
          orderedAt: shanghaiDateTime(o.orderedAt),
          channelText: ORDER_CHANNEL_TEXT[o.channel as OrderChannel] ?? o.channel,
          payCents: o.payCents,
          items: o.items,
          storeName: o.storeName,
          status: OMS_STATUS_TEXT[o.status] ?? o.status,
        })),
        addresses: addresses.map((a) => ({
          receiverName: a.receiverName,
          receiverPhoneMasked: maskPhone(a.receiverPhone),
          addressMasked: maskAddress(a.regionName, a.detail),
          isDefault: a.isDefault,
        })),
        followUps: followUps.map((f) => ({
          at: shanghaiDateTime(f.createdAt),
          userName: f.userName,
          storeName: f.storeName,
          channelText: FOLLOW_UP_CHANNEL_TEXT[f.channel as FollowUpChannel] ?? f.channel,
          resultText: FOLLOW_UP_RESULT_TEXT[f.result as FollowUpResult] ?? f.result,
          content: f.content,
          nextOn: f.nextOn,
        })),
        actions: { tag: actor.can.tag, assign: actor.can.assign && homeStore, follow: actor.can.follow },
      };
    },

    async tagOptions(storeId: number): Promise<MemberTagGroup[]> {
      const groups = new Map<string, MemberTagGroup>();
      for (const row of await repo.tagsForStore(storeId)) {
        const group = groups.get(row.groupCode) ?? {
          groupCode: row.groupCode,
          groupName: row.groupName,
          tags: [],
        };
        group.tags.push(tagOf(row));
        groups.set(row.groupCode, group);
      }
      return [...groups.values()];
    },

    /**
     * Sets the member's manual tags among those the store may set (chain tags and its own, in an enabled group
     * of the dictionary); a rule tag, an unknown or disabled one (or of a disabled group), or another store's is
     * refused (422). Tags other stores set stay.
     */
    async setTags(actor: MemberActor, body: SetTagsBody): Promise<MemberTag[]> {
      const member = await access.requireServed(actor, body.memberId);
      const wanted = [...new Set(body.tagIds)];
      const found = await repo.tagsByIds(wanted);
      if (found.length !== wanted.length || found.some((t) => !t.enabled || t.kind !== 'manual')) {
        throw new AppError(422, 'MEMBER_TAG_UNKNOWN', MEMBER_TEXT.tagUnknown);
      }
      if (found.some((t) => t.storeId !== null && t.storeId !== actor.storeId)) {
        throw new AppError(422, 'MEMBER_TAG_FOREIGN', MEMBER_TEXT.tagForeign);
      }
      const settable = (await repo.tagsForStore(actor.storeId)).filter((t) => t.kind === 'manual');
      // A tag of a group head office disabled in the dictionary is no longer offered, nor set.
      if (wanted.some((id) => !settable.some((t) => t.id === id))) {
        throw new AppError(422, 'MEMBER_TAG_UNKNOWN', MEMBER_TEXT.tagUnknown);
      }
      return db.transaction(async (tx) => {
        const before = (await repo.tagsOf(member.id, tx)).map((t) => t.id);
        await repo.replaceManualTags(tx, {
          memberId: member.id,
          settable: settable.map((t) => t.id),
          keep: wanted,
          storeId: actor.storeId,
          userId: actor.userId,
          at: clock(),
        });
        const after = await repo.tagsOf(member.id, tx);
        await audit.record(
          {
            action: 'member.tag',
            userId: actor.userId,
            client: actor.client,
            target: `member:${member.publicId}`,
            detail: { storeId: actor.storeId, before, after: after.map((t) => t.id) },
          },
          tx,
        );
        return after.map(tagOf);
      });
    },

    guideOptions: (storeId: number) => repo.guidesOf(storeId),

    /**
     * Assigns members of the caller's store to a guide of the store, all or none: a member the store does not
     * serve is not found (404), one it serves but is not home to is refused (422), as is a guide from elsewhere.
     */
    async assignGuide(actor: MemberActor, body: AssignBody): Promise<{ assigned: number }> {
      const publicIds = [...new Set(body.memberIds)];
      if (!(await repo.isGuideOf(actor.storeId, body.guideUserId))) {
        throw new AppError(422, 'MEMBER_GUIDE_FOREIGN', MEMBER_TEXT.guideForeign);
      }
      const rows = await repo.membersByPublicIds(publicIds);
      const ids: number[] = [];
      for (const publicId of publicIds) {
        const row = rows.find((r) => r.publicId === publicId);
        if (row?.homeStoreId === actor.storeId) {
          ids.push(row.id);
          continue;
        }
        await access.requireServed(actor, publicId); // 404 when the store does not serve them
        throw new AppError(422, 'MEMBER_NOT_HOME', MEMBER_TEXT.memberNotHome);
      }
      return db.transaction(async (tx) => {
        const assigned = await repo.assignGuide(tx, ids, body.guideUserId, clock());
        await audit.record(
          {
            action: 'member.assign_guide',
            userId: actor.userId,
            client: actor.client,
            target: `store:${actor.storeId}`,
            detail: { storeId: actor.storeId, guideUserId: body.guideUserId, members: publicIds },
          },
          tx,
        );
        return { assigned };
      });
    },

    /** A follow-up of a member the store serves; the next date is today or later, within a year. */
    async followUp(actor: MemberActor, body: FollowUpBody): Promise<{ ok: true }> {
      const member = await access.requireServed(actor, body.memberId);
      const nextOn = body.nextOn ?? null;
      if (nextOn) {
        const day = today();
        if (nextOn < day) throw new AppError(422, 'FOLLOW_UP_DATE_PAST', MEMBER_TEXT.nextDatePast);
        const last = new Date(Date.parse(`${day}T00:00:00Z`) + FOLLOW_UP_NEXT_DAYS_MAX * DAY_MS)
          .toISOString()
          .slice(0, 10);
        if (nextOn > last) throw new AppError(422, 'FOLLOW_UP_DATE_FAR', MEMBER_TEXT.nextDateFar);
      }
      await db.transaction(async (tx) => {
        await repo.addFollowUp(tx, {
          memberId: member.id,
          storeId: actor.storeId,
          userId: actor.userId,
          channel: body.channel,
          result: body.result,
          content: body.content,
          nextOn,
          createdAt: clock(),
        });
        await audit.record(
          {
            action: 'member.follow_up',
            userId: actor.userId,
            client: actor.client,
            target: `member:${member.publicId}`,
            detail: { storeId: actor.storeId, channel: body.channel, result: body.result, nextOn },
          },
          tx,
        );
      });
      return { ok: true };
    },

    async activateEquity(actor: MemberActor, body: ActivateBody): Promise<{ ok: true }> {
      const member = await access.requireServed(actor, body.memberId);
      const done = await db.transaction(async (tx) => {
        const changed = await repo.activateEquity(tx, {
          memberId: member.id,
          equityId: body.equityId,
          userId: actor.userId,
          storeId: actor.storeId,
          at: clock(),
        });
        if (changed) {
          await audit.record(
            {
              action: 'member.activate_equity',
              userId: actor.userId,
              client: actor.client,
              target: `member:${member.publicId}`,
              detail: { storeId: actor.storeId, equityId: body.equityId },
            },
            tx,
          );
        }
        return changed;
      });
      if (done) return { ok: true };
      const held = await repo.equityHeld(member.id, body.equityId);
      if (!held) throw notFound(MEMBER_TEXT.equityNotFound, 'MEMBER_EQUITY_NOT_FOUND');
      throw new AppError(409, 'MEMBER_EQUITY_ACTIVATED', MEMBER_TEXT.equityActivated);
    },

    /** `member:<publicId>:<store code>` as a PNG data URL; audited. */
    async activityQr(actor: MemberActor, publicId: string) {
      const member = await access.requireServed(actor, publicId);
      const content = `${MEMBER_CODE_PREFIX}${member.publicId}:${actor.storeCode}`;
      const image = await QRCode.toDataURL(content, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      await audit.record({
        action: 'member.activity_qr',
        userId: actor.userId,
        client: actor.client,
        target: `member:${member.publicId}`,
        detail: { storeId: actor.storeId },
      });
      return { image, content };
    },

    /**
     * A keyset page of a tab: after the cursor of the page before, else page `pageNum` by OFFSET; the count
     * (bounded at MEMBER_STORE_COUNT_CAP) only on a page read without a cursor.
     */
    async storeList(actor: MemberActor, body: StoreListBody): Promise<MemberStorePage> {
      const cursor = body.cursor ? decodeKeyset(body.cursor, repo.keysetKinds(body.tab)) : null;
      if (body.cursor && !cursor) throw badRequest(MEMBER_TEXT.badCursor, 'MEMBER_CURSOR_INVALID');
      const filter = {
        storeId: actor.storeId,
        userId: actor.userId,
        tab: body.tab,
        keyword: body.keyword ?? null,
        memberPublicId: body.memberId ?? null,
        today: today(),
      };
      const [levels, read, counted] = await Promise.all([
        repo.levels(),
        repo.storePage(filter, body, cursor),
        cursor ? null : repo.storeCount(filter, MEMBER_STORE_COUNT_CAP),
      ]);
      const { rows, hasMore } = splitPeek(read, body.pageSize);
      const last = rows.at(-1);
      return {
        list: rows.map((r) => ({
          memberId: r.memberId,
          memberNo: r.memberNo,
          name: r.name,
          phoneMasked: maskPhone(r.phone),
          level: r.level,
          levelName: levelName(levels, r.level),
          guideName: r.guideName,
          levelChangedAt: r.levelChangedAt ? shanghaiDateTime(r.levelChangedAt) : null,
          nextFollowUpOn: r.nextFollowUpOn,
          lastFollowUpAt: r.lastFollowUpAt ? shanghaiDateTime(r.lastFollowUpAt) : null,
          detail: r.detail,
          equityId: r.equityId,
        })),
        ...cappedTotal(counted, MEMBER_STORE_COUNT_CAP),
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        nextCursor: hasMore && last ? encodeKeyset(last.keyset) : null,
      };
    },

    /** Each tab's rows, counted up to MEMBER_STORE_COUNT_CAP (then `99+`). */
    async storeCounts(actor: MemberActor): Promise<MemberStoreCounts> {
      const base = {
        storeId: actor.storeId,
        userId: actor.userId,
        keyword: null,
        memberPublicId: null,
        today: today(),
      };
      const counts = await Promise.all(
        MEMBER_STORE_TABS.map((tab) => repo.storeCount({ ...base, tab }, MEMBER_STORE_COUNT_CAP)),
      );
      return Object.fromEntries(
        MEMBER_STORE_TABS.map((tab, i) => [tab, cappedTotal(counts[i]!, MEMBER_STORE_COUNT_CAP)]),
      ) as MemberStoreCounts;
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
