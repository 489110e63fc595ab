import type { Database } from '../../db/client.js';
import { orderLogs } from '../../db/schema.js';

/** Who did it: a signed-in user, or the upstream platform / the system (no user id). */
export type OrderOperator =
  { id: number; name: string } | { id: null; name: typeof PLATFORM | typeof SYSTEM };

export const PLATFORM = '平台';
export const SYSTEM = '系统';
export const platformOperator: OrderOperator = { id: null, name: PLATFORM };
export const systemOperator: OrderOperator = { id: null, name: SYSTEM };

/** What a log row says happened (`order_logs.action`); `log-list` turns these into Chinese. */
export type OrderLogAction =
  | 'pushed'
  | 'offered'
  | 'grabbed'
  | 'taken'
  | 'expired'
  | 'customer_cancelled'
  | 'shipped'
  | 'address_modified'
  | 'cycle_plan_modified'
  | 'cancelled'
  | 'invoice_finished'
  | 'written_off'
  | (string & {});

export type OrderLogEntry = {
  omsOrderId: number;
  performanceOrderId?: number | null;
  action: OrderLogAction;
  fromStatus?: string;
  toStatus?: string;
  operator: OrderOperator;
  detail?: Record<string, unknown>;
  /** Defaults to the database's now(); pass the app clock so tests with a moved clock stay ordered. */
  at?: Date;
};

/** One `order_logs` row, written inside the transaction of the change it records. */
export async function recordOrderLog(tx: Database, entry: OrderLogEntry): Promise<number> {
  const [row] = await tx
    .insert(orderLogs)
    .values({
      omsOrderId: entry.omsOrderId,
      performanceOrderId: entry.performanceOrderId ?? null,
      action: entry.action,
      fromStatus: entry.fromStatus ?? '',
      toStatus: entry.toStatus ?? '',
      operatorId: entry.operator.id,
      operatorName: entry.operator.name,
      detail: entry.detail ?? {},
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .returning({ id: orderLogs.id });
  return row!.id;
}
