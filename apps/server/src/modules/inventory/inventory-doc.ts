import { and, asc, eq } from 'drizzle-orm';
import type { DocEvent } from '@console/contract';
import type { Database } from '../../db/client.js';
import { stockDocEvents } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDateTime } from '../im/message-format.js';
import type { PublishInput } from '../im/message-producer.js';

/**
 * What every inventory document (transfer, request goods, loan) shares: its timeline rows, its messages with
 * the 2.15 target keys, the result message to the requester and the 409 of an illegal transition. Each
 * document's service builds one kit and keeps only its own states and transitions.
 */

/** Inventory family of spec 4.9 (business type 4). */
export const INVENTORY_BUSINESS_TYPE = 4;
/** Approval results (business type 6). */
export const RESULT_BUSINESS_TYPE = 6;

export type DocRef = { id: number; no: string; status: string };
export type DocActor = { userId: number; nickName: string } | null;
export type DocMessageOptions = { receiverIds?: number[]; except?: number; businessType?: number };

export function createInventoryDocKit<S extends string>(spec: {
  db: Database;
  clock: Clock;
  /** `stock_doc_events.doc_type` and the ledger's document type. */
  docType: string;
  /** The document's name in messages, e.g. 调拨单. */
  noun: string;
  statusText: Record<S, string>;
  /** Timeline action → its Chinese name. */
  actionText: Record<string, string>;
  /** The expandInfo keys of the 2.15 targets besides `id`. */
  expandInfo: (ref: DocRef) => Record<string, string | number>;
}) {
  const { db, clock, docType, noun } = spec;

  const message = (
    storeId: number,
    messageType: number,
    text: string,
    ref: DocRef,
    options: DocMessageOptions = {},
  ): PublishInput & { except?: number } => ({
    storeId,
    businessType: options.businessType ?? INVENTORY_BUSINESS_TYPE,
    messageType,
    text,
    expandInfo: { id: ref.id, ...spec.expandInfo(ref) },
    source: 'inventory',
    ...(options.receiverIds ? { receiverIds: options.receiverIds } : {}),
    ...(options.except !== undefined ? { except: options.except } : {}),
  });

  return {
    message,

    /** An approval result (31–38) to the one requester: 「<noun> <no> <what>：<reason>」. */
    result: (storeId: number, messageType: number, ref: DocRef, what: string, reason: string, to: number) =>
      message(storeId, messageType, `${noun} ${ref.no} ${what}${reason ? `：${reason}` : ''}`, ref, {
        businessType: RESULT_BUSINESS_TYPE,
        receiverIds: [to],
      }),

    /** The 409 of an action the document's state does not allow, naming the state. */
    illegal: (status: S, verb: string) =>
      conflict(`${noun}当前状态为「${spec.statusText[status]}」，不能${verb}`, 'DOC_STATE'),

    /** The 409 of a document someone else changed between the read and the write. */
    changed: () => conflict(`${noun}已被他人修改，请刷新后重试`, 'DOC_CHANGED'),

    /** One timeline row: `from` is the state as read (empty for the creating action). */
    async event(
      tx: Database,
      ref: DocRef | { id: number; status: '' },
      action: string,
      to: S,
      actor: DocActor,
      note = '',
    ) {
      await tx.insert(stockDocEvents).values({
        docType,
        docId: ref.id,
        action,
        fromStatus: ref.status,
        toStatus: to,
        userId: actor?.userId ?? null,
        userName: actor?.nickName ?? '系统',
        note: note.slice(0, 300),
        createdAt: clock(),
      });
    },

    /** The document's timeline, oldest first. */
    async timeline(docId: number, conn: Database = db): Promise<DocEvent[]> {
      const rows = await conn
        .select()
        .from(stockDocEvents)
        .where(and(eq(stockDocEvents.docType, docType), eq(stockDocEvents.docId, docId)))
        .orderBy(asc(stockDocEvents.id));
      return rows.map((e) => ({
        at: shanghaiDateTime(e.createdAt),
        action: e.action,
        actionText: spec.actionText[e.action] ?? e.action,
        userName: e.userName,
        note: e.note,
      }));
    },
  };
}

export type InventoryDocKit = ReturnType<typeof createInventoryDocKit>;
