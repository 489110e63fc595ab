import {
  CANCEL_CHECK_STATE_TEXT,
  FULFILMENT_STATUS_TEXT,
  type CancelCheckRow,
  type CancelCheckState,
  type FulfilmentStatus,
  type cancelCheckPageBodySchema,
} from '@console/contract';
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../../db/client.js';
import {
  cancelChecks,
  menus,
  omsOrders,
  performanceOrders,
  roleMenus,
  roles,
  userRoles,
  users,
  userStores,
} from '../../../db/schema.js';
import { shanghaiDateTime } from '../../im/message-format.js';
import { withinShanghaiDays } from '../../../db/shanghai-days.js';
import { numberedPageOf } from '../../../db/paged-query.js';

type PageBody = z.output<typeof cancelCheckPageBodySchema>;
type DecisionColumns = Pick<
  typeof cancelChecks.$inferInsert,
  'state' | 'decidedByUserId' | 'decisionRemark' | 'decidedAt'
>;

export const DECIDE_PERMISSION = 'cancelCheck:setState';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

const rowColumns = {
  id: cancelChecks.id,
  checkNo: cancelChecks.checkNo,
  performanceOrderId: cancelChecks.performanceOrderId,
  performanceOrderNo: performanceOrders.performanceOrderNo,
  omsOrderId: omsOrders.id,
  omsOrderNo: omsOrders.omsOrderNo,
  orderStatus: performanceOrders.status,
  reason: cancelChecks.reason,
  state: cancelChecks.state,
  requestedByName: requester.nickName,
  createdAt: cancelChecks.createdAt,
  decidedByName: decider.nickName,
  decidedAt: cancelChecks.decidedAt,
  decisionRemark: cancelChecks.decisionRemark,
  deliveryType: performanceOrders.deliveryType,
  receiverName: omsOrders.receiverName,
  receiverPhone: omsOrders.receiverPhone,
  payCents: omsOrders.payCents,
  takenAt: performanceOrders.takenAt,
};

export type CancelCheckRecord = NonNullable<Awaited<ReturnType<CancelCheckRepository['find']>>>;

export function toCheckRow(record: CancelCheckRecord): CancelCheckRow {
  const orderStatus = record.orderStatus as FulfilmentStatus;
  const state = record.state as CancelCheckState;
  return {
    id: record.id,
    checkNo: record.checkNo,
    performanceOrderNo: record.performanceOrderNo,
    omsOrderNo: record.omsOrderNo,
    orderStatus,
    orderStatusText: FULFILMENT_STATUS_TEXT[orderStatus],
    reason: record.reason,
    state,
    stateText: CANCEL_CHECK_STATE_TEXT[state],
    requestedByName: record.requestedByName,
    createdAt: shanghaiDateTime(record.createdAt),
    decidedByName: record.decidedByName,
    decidedAt: record.decidedAt ? shanghaiDateTime(record.decidedAt) : null,
    decisionRemark: record.decisionRemark,
  };
}

/** Reads of cancel checks, always within one store. */
export function createCancelCheckRepository(db: Database) {
  const joined = (tx: Database) =>
    tx
      .select(rowColumns)
      .from(cancelChecks)
      .innerJoin(performanceOrders, eq(performanceOrders.id, cancelChecks.performanceOrderId))
      .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
      .innerJoin(requester, eq(requester.id, cancelChecks.requestedByUserId))
      .leftJoin(decider, eq(decider.id, cancelChecks.decidedByUserId));

  return {
    /** The store's check; null when missing or another store's (never tell which). */
    async find(storeId: number, id: number, tx: Database = db) {
      const [record] = await joined(tx)
        .where(and(eq(cancelChecks.id, id), eq(cancelChecks.storeId, storeId)))
        .limit(1);
      return record ?? null;
    },

    async page(storeId: number, body: PageBody) {
      const where: SQL[] = [
        eq(cancelChecks.storeId, storeId),
        ...withinShanghaiDays(cancelChecks.createdAt, body.dateFrom, body.dateTo),
      ];
      if (body.state !== 'all') where.push(eq(cancelChecks.state, body.state));
      if (body.keyword)
        where.push(
          or(
            eq(cancelChecks.checkNo, body.keyword),
            eq(performanceOrders.performanceOrderNo, body.keyword),
            eq(omsOrders.omsOrderNo, body.keyword),
          )!,
        );
      const condition = and(...where);
      return numberedPageOf(
        body,
        joined(db).where(condition).orderBy(desc(cancelChecks.createdAt), desc(cancelChecks.id)),
        db
          .select({ n: count() })
          .from(cancelChecks)
          .innerJoin(performanceOrders, eq(performanceOrders.id, cancelChecks.performanceOrderId))
          .innerJoin(omsOrders, eq(omsOrders.id, performanceOrders.omsOrderId))
          .where(condition),
      );
    },

    /** The store's check, locked for its decision; null when missing or another store's. */
    async lockCheck(tx: Database, storeId: number, id: number) {
      const [check] = await tx
        .select()
        .from(cancelChecks)
        .where(and(eq(cancelChecks.id, id), eq(cancelChecks.storeId, storeId)))
        .for('update');
      return check ?? null;
    },

    /** Records the decision of a check still pending; the rows it changed. */
    decide(tx: Database, id: number, decision: DecisionColumns) {
      return tx
        .update(cancelChecks)
        .set(decision)
        .where(and(eq(cancelChecks.id, id), eq(cancelChecks.state, 'pending')))
        .returning({ id: cancelChecks.id });
    },

    /**
     * Enabled users authorised for the store who may decide checks: their roles carry `cancelCheck:setState`,
     * as a role permission or a granted button (the same rule as the session's role list).
     */
    async decidersOf(tx: Database, storeId: number): Promise<number[]> {
      const rows = await tx
        .selectDistinct({ id: users.id })
        .from(userStores)
        .innerJoin(users, and(eq(users.id, userStores.userId), eq(users.enabled, true)))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .leftJoin(roleMenus, eq(roleMenus.roleId, roles.id))
        .leftJoin(menus, eq(menus.id, roleMenus.menuId))
        .where(
          and(
            eq(userStores.storeId, storeId),
            or(eq(roles.permission, DECIDE_PERMISSION), eq(menus.permission, DECIDE_PERMISSION)),
          ),
        )
        .orderBy(users.id);
      return rows.map((r) => r.id);
    },
  };
}

export type CancelCheckRepository = ReturnType<typeof createCancelCheckRepository>;
