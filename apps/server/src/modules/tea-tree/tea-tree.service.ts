import {
  TEA_TREE_ACTIVITY_STATUS_TEXT,
  TEA_TREE_ADOPTION_STATUS_TEXT,
  maskPhone,
  type TeaTreeActivity,
  type TeaTreeActivityStatus,
  type TeaTreeAddBody,
  type TeaTreeAddResult,
  type TeaTreeAdoptionDetail,
  type TeaTreeAdoptionPage,
  type TeaTreeAdoptionRequest,
  type TeaTreeAdoptionRow,
  type TeaTreeCalculateQuery,
  type TeaTreeCodeSent,
  type TeaTreeListRequest,
  type TeaTreePrice,
} from '@console/contract';
import type { Database } from '../../db/client.js';
import { mapPage } from '../../db/paged-query.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { SmsProvider } from '../../platform/sms.js';
import { createAuditLog, type AuditClient, type AuditLog } from '../audit/audit-log.js';
import { createSmsCodeService } from '../auth/sms-code.service.js';
import { shanghaiDay } from '../dashboard/daily-metrics.js';
import type { MemberAccess, MemberRow } from '../orders/lookups/member-access.js';
import { recordOrderLog } from '../orders/order-log.js';
import { newOmsOrderNo, newPerformanceOrderNo, newWriteOffCode } from '../orders/order-numbers.js';
import { writeAdoption } from './adoption-writer.js';
import { adoptionPrice, quantityText } from './tea-tree-pricing.js';
import {
  createTeaTreeRepository,
  type TeaTreeActivityRow,
  type TeaTreeAdoptionJoined,
} from './tea-tree.repository.js';
import { TEA_TREE_TEXT } from './tea-tree-texts.js';

/** Who adopts at which counter: the store, the clerk and their session (the member relationship is per session). */
export type TeaTreeActor = {
  store: { id: number; shopCode: string; shopName: string };
  user: { id: number; nickName: string };
  sessionId: number;
  client: AuditClient;
};

const yuan = (cents: number) => (cents / 100).toFixed(2);
/** Adoption numbers read like the order numbers: TA + Shanghai time + random digits. */
const newAdoptionNo = (at: Date) => `TA${newOmsOrderNo(at).slice(3)}`;

export function activityStatusAt(row: TeaTreeActivityRow, now: Date): TeaTreeActivityStatus {
  if (now < row.signUpStart) return 'upcoming';
  return now > row.signUpEnd ? 'closed' : 'signing';
}

export function activityOf(row: TeaTreeActivityRow, now: Date): TeaTreeActivity {
  const status = activityStatusAt(row, now);
  return {
    id: row.id,
    activityNo: row.activityNo,
    name: row.name,
    season: row.season,
    garden: row.garden,
    treeCount: row.treeCount,
    adoptedCount: row.adoptedCount,
    remainingTrees: row.treeCount - row.adoptedCount,
    priceCents: row.priceCents,
    benefits: row.benefits,
    signUpStart: row.signUpStart.toISOString(),
    signUpEnd: row.signUpEnd.toISOString(),
    status,
    statusText: TEA_TREE_ACTIVITY_STATUS_TEXT[status],
    deliveries: row.deliveries,
  };
}

/**
 * Tea-tree adoption (docs/domain/tea-tree.md): the price with the member's level discount, the member's code
 * bound to trees and price, and the adoption that never takes more trees than the activity has.
 */
export function createTeaTreeService(deps: {
  db: Database;
  clock: Clock;
  sms: SmsProvider;
  memberAccess: MemberAccess;
  audit?: AuditLog;
}) {
  const { db, clock, sms, memberAccess } = deps;
  const repo = createTeaTreeRepository(db);
  const codes = createSmsCodeService({ db, clock, sms });
  const audit = deps.audit ?? createAuditLog(db, clock);

  const scopeOf = (actor: TeaTreeActor) => ({
    storeId: actor.store.id,
    sessionId: actor.sessionId,
    userId: actor.user.id,
    client: actor.client,
  });

  async function requireActivity(id: number, tx: Database = db) {
    const row = await repo.activity(id, tx);
    if (!row) throw notFound(TEA_TREE_TEXT.activityNotFound, 'TEA_TREE_ACTIVITY_NOT_FOUND');
    return row;
  }

  const notEnough = (row: TeaTreeActivityRow) =>
    new AppError(422, 'TEA_TREE_NOT_ENOUGH', TEA_TREE_TEXT.notEnoughTrees(row.treeCount - row.adoptedCount));

  /** The member (served by this store), the open activity with enough trees left, and the price. */
  async function priced(actor: TeaTreeActor, request: Omit<TeaTreeAdoptionRequest, 'storeCode'>) {
    const member = await memberAccess.requireServed(scopeOf(actor), request.memberId);
    const activity = await requireActivity(request.activityId);
    if (activityStatusAt(activity, clock()) !== 'signing')
      throw new AppError(422, 'TEA_TREE_ACTIVITY_CLOSED', TEA_TREE_TEXT.activityClosed);
    if (activity.treeCount - activity.adoptedCount < request.trees) throw notEnough(activity);
    const discountPercent = await repo.discountPercent(member.level);
    const price: TeaTreePrice = {
      activityId: activity.id,
      trees: request.trees,
      unitCents: activity.priceCents,
      memberLevel: member.level,
      discountPercent,
      ...adoptionPrice(activity.priceCents, request.trees, discountPercent),
      remainingTrees: activity.treeCount - activity.adoptedCount,
    };
    return { member, activity, price };
  }

  /** The member's code confirms exactly these trees of this activity at this price. */
  const bindOf = (activityId: number, trees: number, payCents: number) =>
    `tea_tree:${activityId}:${trees}:${payCents}`;

  const auditDetail = (actor: TeaTreeActor, member: MemberRow, price: TeaTreePrice) => ({
    storeId: actor.store.id,
    storeCode: actor.store.shopCode,
    memberId: member.publicId,
    activityId: price.activityId,
    trees: price.trees,
    payCents: price.payCents,
  });

  function rowOf(row: TeaTreeAdoptionJoined, today: string): TeaTreeAdoptionRow {
    const status = row.lastDeliveryDate < today ? 'completed' : 'active';
    return {
      id: row.id,
      adoptionNo: row.adoptionNo,
      activityName: row.activityName,
      season: row.season,
      memberName: row.memberName,
      memberPhone: maskPhone(row.memberPhone),
      memberLevel: row.memberLevel,
      trees: row.trees,
      payCents: row.payCents,
      discountPercent: row.discountPercent,
      status,
      statusText: TEA_TREE_ADOPTION_STATUS_TEXT[status],
      nextDeliveryDate: row.deliveries.find((d) => d.plannedDate >= today)?.plannedDate ?? null,
      clerkName: row.clerkName,
      adoptedAt: row.adoptedAt.toISOString(),
    };
  }

  return {
    async currentActivity(): Promise<TeaTreeActivity | null> {
      const now = clock();
      const row = await repo.current(now);
      return row ? activityOf(row, now) : null;
    },

    async calculate(actor: TeaTreeActor, query: TeaTreeCalculateQuery): Promise<TeaTreePrice> {
      return (await priced(actor, query)).price;
    },

    /** Texts the member's own phone a code naming the store, the trees and the price; audited. */
    async sendConfirmCode(actor: TeaTreeActor, request: TeaTreeAdoptionRequest): Promise<TeaTreeCodeSent> {
      const { member, price } = await priced(actor, request);
      const sent = await codes.issue(member.phone, 'tea_tree_adopt', {
        deliver: true,
        bind: bindOf(price.activityId, price.trees, price.payCents),
        content: (code) =>
          TEA_TREE_TEXT.smsContent(actor.store.shopName, price.trees, yuan(price.payCents), code),
      });
      await audit.record({
        action: 'member.tea_tree_code_sent',
        userId: actor.user.id,
        client: actor.client,
        target: member.publicId,
        detail: auditDetail(actor, member, price),
      });
      return {
        phoneMasked: maskPhone(member.phone),
        resendAfterSeconds: sent.resendAfterSeconds,
        payCents: price.payCents,
      };
    },

    /**
     * Adopts the trees: the price must still be the one shown, the member's code is consumed (a wrong one
     * counts against it and is audited), then one transaction takes the trees with a conditional update,
     * writes the adoption order (completed at the counter, listed by teaTreeAdoptionOrderList), the adoption,
     * the order log and the audit row.
     */
    async add(actor: TeaTreeActor, body: TeaTreeAddBody): Promise<TeaTreeAddResult> {
      const { member, activity, price } = await priced(actor, body);
      if (body.payCents !== price.payCents)
        throw conflict(TEA_TREE_TEXT.priceChanged, 'TEA_TREE_PRICE_CHANGED');
      try {
        await codes.consume(
          member.phone,
          'tea_tree_adopt',
          body.memberCode,
          bindOf(price.activityId, price.trees, price.payCents),
        );
      } catch (error) {
        await audit.record({
          action: 'member.tea_tree_adopt_refused',
          userId: actor.user.id,
          client: actor.client,
          target: member.publicId,
          detail: {
            ...auditDetail(actor, member, price),
            refusal: error instanceof AppError ? error.errorCode : 'ERROR',
          },
        });
        throw error;
      }
      const now = clock();
      const adoptionNo = newAdoptionNo(now);
      return db.transaction(async (tx) => {
        const taken = await repo.takeTrees(tx, activity.id, price.trees, now);
        if (!taken) throw notEnough(await requireActivity(activity.id, tx));
        const performanceOrderNo = newPerformanceOrderNo(now);
        const written = await writeAdoption(tx, {
          activity,
          store: actor.store,
          member,
          price,
          numbers: {
            adoptionNo,
            omsOrderNo: newOmsOrderNo(now),
            performanceOrderNo,
            writeOffCode: newWriteOffCode(),
          },
          clerk: { id: actor.user.id, name: actor.user.nickName },
          remark: body.remark ?? '',
          at: now,
        });
        await recordOrderLog(tx, {
          omsOrderId: written.orderId,
          performanceOrderId: written.performanceOrderId,
          action: 'tea_tree_adopted',
          toStatus: 'completed',
          operator: { id: actor.user.id, name: actor.user.nickName },
          detail: { adoptionNo, trees: price.trees },
          at: now,
        });
        await audit.record(
          {
            action: 'member.tea_tree_adopt',
            userId: actor.user.id,
            client: actor.client,
            target: adoptionNo,
            detail: { ...auditDetail(actor, member, price), confirmedBy: 'sms_code' },
          },
          tx,
        );
        return {
          id: written.adoptionId,
          adoptionNo,
          performanceOrderNo,
          trees: price.trees,
          payCents: price.payCents,
        };
      });
    },

    async pageList(actor: TeaTreeActor, filter: TeaTreeListRequest): Promise<TeaTreeAdoptionPage> {
      const today = shanghaiDay(clock());
      const page = await repo.page(actor.store.id, filter, today);
      return mapPage(page, (row) => rowOf(row, today));
    },

    /** One adoption of this store (another store's answers 404 like an unknown one), with its harvest plan. */
    async detail(actor: TeaTreeActor, id: number): Promise<TeaTreeAdoptionDetail> {
      const row = await repo.adoption(actor.store.id, id);
      if (!row) throw notFound(TEA_TREE_TEXT.adoptionNotFound, 'TEA_TREE_ADOPTION_NOT_FOUND');
      const today = shanghaiDay(clock());
      return {
        ...rowOf(row, today),
        performanceOrderNo: row.performanceOrderNo,
        unitCents: row.unitCents,
        goodsCents: row.goodsCents,
        discountCents: row.discountCents,
        garden: row.garden,
        benefits: row.benefits,
        remark: row.remark,
        confirmedBy: row.confirmedBy === 'sms_code' ? '会员短信验证码' : row.confirmedBy,
        deliveryPlan: row.deliveries.map((d) => ({
          round: d.round,
          plannedDate: d.plannedDate,
          content: d.content,
          quantityText: quantityText(d.content, row.trees),
          due: d.plannedDate <= today,
        })),
      };
    },
  };
}

export type TeaTreeService = ReturnType<typeof createTeaTreeService>;
