import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementAddressees,
  type AnnouncementAttachment,
  type AnnouncementDetail,
  type AnnouncementReading,
  type AnnouncementReceiptPage,
  type AnnouncementRow,
  type announcementCreateSchema,
  type announcementFilters,
  type announcementReceiptsQuerySchema,
} from '@console/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isHeadOffice } from '../../http/route.js';
import type { Upload } from '../../http/upload.js';
import type { Clock } from '../../platform/clock.js';
import type { AuthContext } from '../../plugins/request-context.js';
import type { AdminActor } from '../audit/admin-actor.js';
import type { AuditLog } from '../audit/audit-log.js';
import { auditedChanges } from '../audit/run-change.js';
import type { MessageProducer } from '../im/message-producer.js';
import { groupsOutside, storeInScope, type DataScope } from '../roles/data-scope.js';
import { checkAttachment } from './attachment-check.js';
import {
  type AnnouncementsRepository,
  type NamedTarget,
  type NoticeRecord,
  type Targets,
} from './announcements.repository.js';
import { noticePlainText, sanitizeNoticeHtml } from './notice-html.js';

export const ANNOUNCEMENT_MESSAGES = {
  notFound: '公告不存在或已被删除',
  notReadable: '公告不存在或已撤回',
  emptyContent: '请填写公告内容（过滤脚本等不安全内容后内容为空）',
  noTargets: '请选择接收对象（门店分组、门店或角色）',
  pastTime: '定时发布时间须晚于当前时间',
  unknownGroups: '所选门店分组不存在或已被删除',
  unknownStores: '所选门店不存在或已被删除',
  unknownRoles: '所选角色不存在或已被删除',
  groupsOutOfScope: (names: string[]) =>
    `门店分组「${names.join('、')}」不在您的数据权限内，不能向其发布公告`,
  storesOutOfScope: (names: string[]) => `门店「${names.join('、')}」不在您的数据权限内，不能向其发布公告`,
  rolesNotHeld: (names: string[]) => `不能向超出本人权限的角色发布公告：${names.join('、')}`,
  notDraft: (action: string) => `只有草稿可以${action}`,
  notWithdrawable: '只有待发布或已发布的公告可以撤回',
  noRecipients: '所选对象中没有可接收公告的员工（需为已启用且有营业门店的用户）',
  tooManyAttachments: `每条公告最多${ANNOUNCEMENT_LIMITS.attachmentsMax}个附件`,
  attachmentNotFound: '附件不存在或已被删除',
  attachmentLabel: '附件',
  raced: '数据已被他人修改，请刷新后重试',
} as const;

/** What the message of a notice says: its first words. */
const MESSAGE_TEXT_MAX = 120;
/** How many addressee names a list row shows. */
const SUMMARY_NAMES = 3;
/** Scheduled notices published per run of the job. */
const DUE_PER_RUN = 20;

type Create = z.output<typeof announcementCreateSchema>;
type Update = Create & { id: number };
type Filters = z.output<typeof announcementFilters.request>;
type ReceiptsQuery = z.output<typeof announcementReceiptsQuerySchema>;
type Allowance = { scope: DataScope; grantable: Set<number> };

export type AnnouncementsServiceDeps = {
  db: Database;
  clock: Clock;
  repo: AnnouncementsRepository;
  producer: MessageProducer;
  audit: AuditLog;
  dataScopes: (caller: AuthContext) => Promise<DataScope>;
  grantableRoles: (caller: AuthContext) => Promise<Set<number>>;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function summaryOf(targets: readonly NamedTarget[]): string {
  const names = targets.slice(0, SUMMARY_NAMES).map((t) => t.name);
  const more = targets.length - names.length;
  return names.join('、') + (more > 0 ? ` 等${targets.length}个` : '');
}

function rowOf(record: NoticeRecord, targets: readonly NamedTarget[]): AnnouncementRow {
  return {
    id: record.id,
    title: record.title,
    status: record.status,
    publishAt: iso(record.publishAt),
    publishedAt: iso(record.publishedAt),
    withdrawnAt: iso(record.withdrawnAt),
    targetSummary: summaryOf(targets),
    recipientCount: record.recipientCount,
    readCount: record.readCount,
    attachmentCount: record.attachmentCount,
    createdBy: record.createdBy,
    createdAt: iso(record.createdAt)!,
    updatedAt: iso(record.updatedAt)!,
  };
}

/** 通知公告 (docs/domain/announcements.md): every change and its audit row in one transaction. */
export function createAnnouncementsService(deps: AnnouncementsServiceDeps) {
  const { db, clock, repo, producer, audit } = deps;

  const change = auditedChanges(db, audit, {
    raced: () => conflict(ANNOUNCEMENT_MESSAGES.raced, 'ANNOUNCEMENT_RACED'),
  });

  async function detailOf(id: number, tx: Database = db): Promise<AnnouncementDetail> {
    const record = await repo.byId(id, tx);
    if (!record) throw notFound(ANNOUNCEMENT_MESSAGES.notFound, 'ANNOUNCEMENT_NOT_FOUND');
    const targets = (await repo.namedTargets([id], tx)).get(id) ?? [];
    return {
      ...rowOf(record, targets),
      content: record.content,
      targets: {
        groups: targets.filter((t) => t.kind === 'group').map(({ id, name }) => ({ id, name })),
        stores: targets.filter((t) => t.kind === 'store').map(({ id, name, code }) => ({ id, name, code })),
        roles: targets.filter((t) => t.kind === 'role').map(({ id, name }) => ({ id, name })),
      },
      attachments: await repo.attachments(id, tx),
    };
  }

  async function locked(tx: Database, id: number): Promise<NoticeRecord> {
    const record = await repo.byId(id, tx, { lock: true });
    if (!record) throw notFound(ANNOUNCEMENT_MESSAGES.notFound, 'ANNOUNCEMENT_NOT_FOUND');
    return record;
  }

  /**
   * What the caller may address, read before the change's transaction: the scope and the grantable roles are read
   * through the auth cache on the app's connection, which PGlite (one connection) would deadlock on inside it.
   */
  async function allowanceOf(caller: AuthContext): Promise<Allowance> {
    return { scope: await deps.dataScopes(caller), grantable: await deps.grantableRoles(caller) };
  }

  /** The fields of a form, checked: sanitised content with words, a time in the future, known addressees. */
  async function checkedForm(tx: Database, allowance: Allowance, input: Create) {
    const content = sanitizeNoticeHtml(input.content);
    if (!noticePlainText(content))
      throw new AppError(422, 'ANNOUNCEMENT_EMPTY', ANNOUNCEMENT_MESSAGES.emptyContent);
    const publishAt = input.publishAt ? new Date(input.publishAt) : null;
    if (publishAt && publishAt.getTime() <= clock().getTime())
      throw new AppError(422, 'ANNOUNCEMENT_PAST_TIME', ANNOUNCEMENT_MESSAGES.pastTime);
    const targets: Targets = {
      groupIds: [...new Set(input.targets.groupIds)],
      storeIds: [...new Set(input.targets.storeIds)],
      roleIds: [...new Set(input.targets.roleIds)],
    };
    await assertTargetsAllowed(tx, allowance, targets);
    return { fields: { title: input.title, content, publishAt }, targets };
  }

  /**
   * A head-office user addresses only shop groups and stores of their data scope and roles they could grant
   * (docs/domain/roles.md): checked on every save and again at publishing, by whoever publishes.
   */
  async function assertTargetsAllowed(tx: Database, allowance: Allowance, targets: Targets): Promise<void> {
    const count = targets.groupIds.length + targets.storeIds.length + targets.roleIds.length;
    if (count === 0) throw badRequest(ANNOUNCEMENT_MESSAGES.noTargets, 'ANNOUNCEMENT_NO_TARGETS');
    const found = await repo.existing(tx, targets);
    if (found.groupIds.length < targets.groupIds.length)
      throw new AppError(422, 'ANNOUNCEMENT_UNKNOWN_TARGET', ANNOUNCEMENT_MESSAGES.unknownGroups);
    if (found.storeIds.length < targets.storeIds.length)
      throw new AppError(422, 'ANNOUNCEMENT_UNKNOWN_TARGET', ANNOUNCEMENT_MESSAGES.unknownStores);
    if (found.roleIds.length < targets.roleIds.length)
      throw new AppError(422, 'ANNOUNCEMENT_UNKNOWN_TARGET', ANNOUNCEMENT_MESSAGES.unknownRoles);

    const { scope, grantable } = allowance;
    const outsideGroups = groupsOutside(scope, targets.groupIds);
    if (outsideGroups.length)
      throw forbidden(
        ANNOUNCEMENT_MESSAGES.groupsOutOfScope(await repo.names(tx, 'group', outsideGroups)),
        'ANNOUNCEMENT_OUT_OF_SCOPE',
      );
    const inScope = await repo.storesInScope(tx, targets.storeIds, storeInScope(tx, scope));
    const outsideStores = targets.storeIds.filter((id) => !inScope.includes(id));
    if (outsideStores.length)
      throw forbidden(
        ANNOUNCEMENT_MESSAGES.storesOutOfScope(await repo.names(tx, 'store', outsideStores)),
        'ANNOUNCEMENT_OUT_OF_SCOPE',
      );
    const notHeld = targets.roleIds.filter((id) => !grantable.has(id));
    if (notHeld.length)
      throw forbidden(
        ANNOUNCEMENT_MESSAGES.rolesNotHeld(await repo.names(tx, 'role', notHeld)),
        'ANNOUNCEMENT_ROLE_NOT_HELD',
      );
  }

  /**
   * Publishes a locked, not yet published notice: one message per addressee (repository `resolveAddressees`),
   * a receipt for each, the state `published`. Returns the inbox keys to wake after commit.
   */
  async function deliver(
    tx: Database,
    notice: NoticeRecord,
    { requireRecipients }: { requireRecipients: boolean },
  ): Promise<{ wakeKeys: string[]; recipients: number }> {
    const at = clock();
    const addressees = await repo.resolveAddressees(tx, await repo.targets(notice.id, tx));
    if (addressees.length === 0 && requireRecipients)
      throw new AppError(422, 'ANNOUNCEMENT_NO_RECIPIENTS', ANNOUNCEMENT_MESSAGES.noRecipients);
    const byStore = new Map<number, number[]>();
    for (const a of addressees) byStore.set(a.storeId, [...(byStore.get(a.storeId) ?? []), a.userId]);
    const text = noticePlainText(notice.content).slice(0, MESSAGE_TEXT_MAX);
    const receipts: { userId: number; storeId: number; messageId: number }[] = [];
    const wakeKeys: string[] = [];
    for (const [storeId, receiverIds] of byStore) {
      const outcome = await producer.publish(tx, {
        storeId,
        receiverIds,
        businessType: 11,
        messageType: 1,
        title: notice.title,
        text,
        expandInfo: { announcementId: notice.id },
        source: 'announcements',
      });
      for (const m of outcome.messages) receipts.push({ userId: m.receiverId, storeId, messageId: m.id });
      wakeKeys.push(...outcome.wakeKeys);
    }
    await repo.insertReceipts(tx, notice.id, receipts, at);
    await repo.update(tx, notice.id, { status: 'published', publishedAt: at }, at);
    return { wakeKeys, recipients: receipts.length };
  }

  return {
    async page(filters: Filters) {
      const page = await repo.page(filters);
      const targets = await repo.namedTargets(page.list.map((r) => r.id));
      return { ...page, list: page.list.map((r) => rowOf(r, targets.get(r.id) ?? [])) };
    },

    detail: (id: number) => detailOf(id),

    async create(actor: AdminActor, input: Create): Promise<AnnouncementDetail> {
      const allowance = await allowanceOf(actor.caller);
      return change(actor, 'announcement.create', input.title, async (tx) => {
        const { fields, targets } = await checkedForm(tx, allowance, input);
        const id = await repo.insert(tx, fields, actor.caller.user.id, clock());
        await repo.replaceTargets(tx, id, targets);
        const after = await detailOf(id, tx);
        return { result: after, before: null, after };
      });
    },

    async update(actor: AdminActor, input: Update): Promise<AnnouncementDetail> {
      const allowance = await allowanceOf(actor.caller);
      return change(actor, 'announcement.update', String(input.id), async (tx) => {
        const notice = await locked(tx, input.id);
        if (notice.status !== 'draft')
          throw conflict(ANNOUNCEMENT_MESSAGES.notDraft('编辑'), 'ANNOUNCEMENT_NOT_DRAFT');
        const before = await detailOf(input.id, tx);
        const { fields, targets } = await checkedForm(tx, allowance, input);
        await repo.update(tx, input.id, fields, clock());
        await repo.replaceTargets(tx, input.id, targets);
        const after = await detailOf(input.id, tx);
        return { result: after, before, after };
      });
    },

    remove(actor: AdminActor, id: number): Promise<null> {
      return change(actor, 'announcement.delete', String(id), async (tx) => {
        const notice = await locked(tx, id);
        if (notice.status !== 'draft')
          throw conflict(ANNOUNCEMENT_MESSAGES.notDraft('删除'), 'ANNOUNCEMENT_NOT_DRAFT');
        const before = await detailOf(id, tx);
        await repo.remove(tx, id);
        return { result: null, before, after: null };
      });
    },

    /** A draft goes out now, or becomes scheduled when its time is still ahead (the job publishes it then). */
    async publish(actor: AdminActor, id: number): Promise<AnnouncementDetail> {
      const allowance = await allowanceOf(actor.caller);
      return change(actor, 'announcement.publish', String(id), async (tx, _prepared, afterCommit) => {
        const notice = await locked(tx, id);
        if (notice.status !== 'draft')
          throw conflict(ANNOUNCEMENT_MESSAGES.notDraft('发布'), 'ANNOUNCEMENT_NOT_DRAFT');
        const before = await detailOf(id, tx);
        await assertTargetsAllowed(tx, allowance, await repo.targets(id, tx));
        if (notice.publishAt && notice.publishAt.getTime() > clock().getTime()) {
          await repo.update(tx, id, { status: 'scheduled' }, clock());
        } else {
          const { wakeKeys } = await deliver(tx, notice, { requireRecipients: true });
          afterCommit(() => producer.wake(wakeKeys));
        }
        const after = await detailOf(id, tx);
        return { result: after, before, after };
      });
    },

    /** Withdrawing takes the notice's messages out of every inbox; a held poll re-reads and never sees them. */
    withdraw(actor: AdminActor, id: number): Promise<AnnouncementDetail> {
      return change(actor, 'announcement.withdraw', String(id), async (tx) => {
        const notice = await locked(tx, id);
        if (notice.status !== 'scheduled' && notice.status !== 'published')
          throw conflict(ANNOUNCEMENT_MESSAGES.notWithdrawable, 'ANNOUNCEMENT_NOT_WITHDRAWABLE');
        const before = await detailOf(id, tx);
        const removedMessages = await repo.deleteMessages(tx, id);
        await repo.update(tx, id, { status: 'withdrawn', withdrawnAt: clock() }, clock());
        const after = await detailOf(id, tx);
        return { result: after, before, after: { ...after, removedMessages } };
      });
    },

    /** The cluster job: scheduled notices whose time has come, each in its own transaction, once. */
    async publishDue(): Promise<number> {
      let published = 0;
      for (const id of await repo.dueIds(clock(), DUE_PER_RUN)) {
        const outcome = await db.transaction(async (tx) => {
          const notice = await repo.byId(id, tx, { lock: true });
          // Withdrawn or published meanwhile: the row lock makes this check final.
          if (!notice || notice.status !== 'scheduled') return null;
          const delivered = await deliver(tx, notice, { requireRecipients: false });
          await audit.record(
            {
              action: 'announcement.publish.scheduled',
              client: null,
              target: String(id),
              detail: {
                before: { status: 'scheduled' },
                after: { status: 'published', ...delivered, wakeKeys: undefined },
              },
            },
            tx,
          );
          return delivered;
        });
        if (outcome) {
          producer.wake(outcome.wakeKeys);
          published++;
        }
      }
      return published;
    },

    async receipts(query: ReceiptsQuery): Promise<AnnouncementReceiptPage> {
      if (!(await repo.byId(query.id)))
        throw notFound(ANNOUNCEMENT_MESSAGES.notFound, 'ANNOUNCEMENT_NOT_FOUND');
      const page = await repo.receipts(query.id, query);
      return {
        ...page,
        list: page.list.map((r) => ({ ...r, read: Boolean(r.read), readAt: iso(r.readAt) })),
      };
    },

    async addressees(
      caller: AuthContext,
      keyword: string | null | undefined,
    ): Promise<AnnouncementAddressees> {
      const scope = await deps.dataScopes(caller);
      const [groups, stores, roles] = await Promise.all([
        repo.groupOptions(scope.all ? 'all' : scope.groupIds),
        repo.storeOptions(storeInScope(db, scope), keyword, ANNOUNCEMENT_LIMITS.addresseeStoresMax),
        deps.grantableRoles(caller).then((ids) => repo.roleOptions(ids)),
      ]);
      return { groups, stores, roles };
    },

    uploadAttachment(actor: AdminActor, id: number, upload: Upload): Promise<AnnouncementAttachment> {
      const file = checkAttachment(upload);
      return change(actor, 'announcement.attachment.add', String(id), async (tx) => {
        const notice = await locked(tx, id);
        if (notice.status !== 'draft')
          throw conflict(ANNOUNCEMENT_MESSAGES.notDraft('添加附件'), 'ANNOUNCEMENT_NOT_DRAFT');
        if (notice.attachmentCount >= ANNOUNCEMENT_LIMITS.attachmentsMax)
          throw conflict(ANNOUNCEMENT_MESSAGES.tooManyAttachments, 'ANNOUNCEMENT_TOO_MANY_ATTACHMENTS');
        const after = await repo.insertAttachment(tx, { announcementId: id, ...file }, clock());
        return { result: after, before: null, after: { ...after, announcementId: id } };
      });
    },

    removeAttachment(actor: AdminActor, attachmentId: number): Promise<null> {
      return change(actor, 'announcement.attachment.remove', String(attachmentId), async (tx) => {
        const before = await repo.attachmentMeta(attachmentId, tx);
        if (!before)
          throw notFound(ANNOUNCEMENT_MESSAGES.attachmentNotFound, 'ANNOUNCEMENT_ATTACHMENT_NOT_FOUND');
        const notice = await locked(tx, before.announcementId);
        if (notice.status !== 'draft')
          throw conflict(ANNOUNCEMENT_MESSAGES.notDraft('删除附件'), 'ANNOUNCEMENT_NOT_DRAFT');
        await repo.removeAttachment(tx, attachmentId);
        return { result: null, before, after: null };
      });
    },

    /** Head office downloads any attachment; anyone else only one of a published notice addressed to them. */
    async attachmentFile(caller: AuthContext, attachmentId: number) {
      const file = await repo.attachmentFile(attachmentId);
      const missing = notFound(ANNOUNCEMENT_MESSAGES.attachmentNotFound, 'ANNOUNCEMENT_ATTACHMENT_NOT_FOUND');
      if (!file) throw missing;
      if (!isHeadOffice(caller)) {
        const notice = await repo.byId(file.announcementId);
        const receipt = await repo.receiptOf(file.announcementId, caller.user.id);
        if (!notice || notice.status !== 'published' || !receipt) throw missing;
      }
      return file;
    },

    /** The reader view: only a published notice addressed to the caller; opening it marks it read. */
    async read(caller: AuthContext, id: number): Promise<AnnouncementReading> {
      const notice = await repo.byId(id);
      const receipt = notice ? await repo.receiptOf(id, caller.user.id) : null;
      if (!notice || notice.status !== 'published' || !receipt)
        throw notFound(ANNOUNCEMENT_MESSAGES.notReadable, 'ANNOUNCEMENT_NOT_READABLE');
      await db.transaction((tx) => repo.markRead(tx, id, caller.user.id, clock()));
      return {
        id,
        title: notice.title,
        content: notice.content,
        publishedAt: iso(notice.publishedAt),
        attachments: await repo.attachments(id),
      };
    },
  };
}

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
