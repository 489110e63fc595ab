import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DocEvent } from '@console/contract';
import type { Database } from '../../db/client.js';
import { fixedStatement } from '../../db/paged-query.js';
import { skus, stockDocEvents } from '../../db/schema.js';
import { AppError, conflict } from '../../http/errors.js';
import type { Clock } from '../../platform/clock.js';
import { shanghaiDateTime } from '../im/message-format.js';
import type { AuditClient, AuditLog } from '../audit/audit-log.js';
import type { MessageProducer, PublishInput } from '../im/message-producer.js';
import type { ApprovalsService } from './approvals.service.js';
import { inTransaction, type Messenger } from './inventory-tx.js';
import type { StockDoc, StockLedger } from './stock-ledger.js';

/**
 * What every inventory document (transfer, request goods, loan) shares: its timeline rows, its messages with
 * the 2.15 target keys, the result message to the requester and the 409 of an illegal transition. Each
 * document's service builds one kit and keeps only its own states and transitions.
 */

/** Inventory family of spec 4.9 (business type 4). */
export const INVENTORY_BUSINESS_TYPE = 4;
/** Approval results (business type 6). */
export const RESULT_BUSINESS_TYPE = 6;

/** What a document's service is built from (`index.ts` builds one set for every document). */
export type InventoryDocDeps = {
  db: Database;
  clock: Clock;
  producer: MessageProducer;
  audit: AuditLog;
  ledger: StockLedger;
  approvals: ApprovalsService;
};

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
  // One statement text per document type: the type is part of the SQL, the rest are values.
  const insertEvent = fixedStatement(db, `stock_doc_event_${docType}`, (on, value) =>
    on
      .insert(stockDocEvents)
      .values({
        docType,
        docId: value('docId'),
        action: value('action'),
        fromStatus: value('fromStatus'),
        toStatus: value('toStatus'),
        userId: value('userId'),
        userName: value('userName'),
        note: value('note'),
        createdAt: value('createdAt'),
      })
      .returning({ id: stockDocEvents.id }),
  );
  const timelineOf = fixedStatement(db, `stock_doc_timeline_${docType}`, (on, value) =>
    on
      .select()
      .from(stockDocEvents)
      .where(and(eq(stockDocEvents.docType, docType), eq(stockDocEvents.docId, value('docId'))))
      .orderBy(asc(stockDocEvents.id)),
  );

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
      await insertEvent(
        {
          docId: ref.id,
          action,
          fromStatus: ref.status,
          toStatus: to,
          userId: actor?.userId ?? null,
          userName: actor?.nickName ?? '系统',
          note: note.slice(0, 300),
          createdAt: clock(),
        },
        tx,
      );
    },

    /** The document's timeline, oldest first. */
    async timeline(docId: number, conn: Database = db): Promise<DocEvent[]> {
      const rows = await timelineOf({ docId }, conn);
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

/** A shipped document line as the receiving store settles it. */
export type ShippedLine = {
  line: {
    id: number;
    skuId: number;
    batchNo: string;
    shipQuantity: number;
    receivedQuantity: number;
    damagedQuantity: number;
    shortQuantity: number;
  };
  skuName: string;
};
export type ReceiveEntry = { lineId: number; received: number; damaged: number; closeShort: boolean };

export const RECEIVE_TEXT = {
  unknownLine: (id: number) => `明细 ${id} 不属于该单据`,
  tooMany: (name: string, outstanding: number) =>
    `${name} 的实收与破损数量之和不能超过未收数量 ${outstanding}`,
  nothing: '请填写收货数量',
};

export const outstandingOf = ({ line }: ShippedLine) =>
  line.shipQuantity - line.receivedQuantity - line.damagedQuantity - line.shortQuantity;

/**
 * The receiving store settles shipped lines (docs/domain/inventory.md "Receiving"): per line the received units
 * enter on-hand, damaged and (with `closeShort`) the rest leave in-transit only; answers whether every line is
 * settled, whether any was short or damaged, and the timeline note.
 */
export async function receiveLines(
  tx: Database,
  ledger: StockLedger,
  storeId: number,
  lines: ShippedLine[],
  entries: readonly ReceiveEntry[],
  doc: StockDoc,
  updateLine: (lineId: number, set: Partial<ShippedLine['line']>) => Promise<void>,
): Promise<{ done: boolean; discrepancy: boolean; note: string }> {
  let discrepancy = false;
  let moved = false;
  const notes: string[] = [];
  for (const entry of entries) {
    const found = lines.find(({ line }) => line.id === entry.lineId);
    if (!found) throw new AppError(422, 'DOC_LINE', RECEIVE_TEXT.unknownLine(entry.lineId));
    const { line, skuName } = found;
    const outstanding = outstandingOf(found);
    if (entry.received + entry.damaged > outstanding)
      throw new AppError(422, 'DOC_QUANTITY', RECEIVE_TEXT.tooMany(skuName, outstanding));
    const short = entry.closeShort ? outstanding - entry.received - entry.damaged : 0;
    if (entry.received + entry.damaged + short === 0) continue;
    moved = true;
    const key = { storeId, skuId: line.skuId, batchNo: line.batchNo };
    await ledger.settleInTransit(tx, key, entry.received, 'transfer_receive', doc);
    await ledger.settleInTransit(tx, key, entry.damaged, 'transfer_damaged', doc);
    await ledger.settleInTransit(tx, key, short, 'transfer_short', doc);
    line.receivedQuantity += entry.received;
    line.damagedQuantity += entry.damaged;
    line.shortQuantity += short;
    await updateLine(line.id, {
      receivedQuantity: line.receivedQuantity,
      damagedQuantity: line.damagedQuantity,
      shortQuantity: line.shortQuantity,
    });
    if (entry.damaged > 0 || short > 0) discrepancy = true;
    notes.push(
      `${skuName} 实收${entry.received}` +
        (entry.damaged ? ` 破损${entry.damaged}` : '') +
        (short ? ` 短少${short}` : ''),
    );
  }
  if (!moved) throw new AppError(422, 'DOC_RECEIVE_NOTHING', RECEIVE_TEXT.nothing);
  return { done: lines.every((l) => outstandingOf(l) === 0), discrepancy, note: notes.join('；') };
}

/**
 * The new document's lines checked against the catalogue: every SKU exists and is enabled (else 422 with
 * `missing(skuId)`); answers the lines' value at list price (Σ quantity × price, in cents).
 */
export async function pricedLines(
  db: Database,
  lines: readonly { skuId: number; quantity: number }[],
  refuse: (skuId: number) => AppError,
): Promise<number> {
  const found = new Map(
    (
      await db
        .select({ id: skus.id, enabled: skus.enabled, priceCents: skus.priceCents })
        .from(skus)
        .where(inArray(skus.id, [...new Set(lines.map((l) => l.skuId))]))
    ).map((s) => [s.id, s]),
  );
  let valueCents = 0;
  for (const { skuId, quantity } of lines) {
    const sku = found.get(skuId);
    if (!sku?.enabled) throw refuse(skuId);
    valueCents += sku.priceCents * quantity;
  }
  return valueCents;
}

/**
 * One store's action on a document, as every document runs it: in one transaction, the document locked for
 * the store (`lock(tx, true)`; nothing found is `notFound`), `check` (side, permission, state: 403 / 409),
 * `run`, then the audit row with the state before and after. Answers nothing: the caller reads the detail.
 */
export async function runDocAction<R extends { id: number; status: string }>(
  deps: Pick<InventoryDocDeps, 'db' | 'producer' | 'audit'>,
  actor: { userId: number; client: AuditClient },
  spec: {
    /** `action` of the audit row, e.g. `loan.lend`. */
    action: string;
    /** Locks the document, found only when the caller's store is party to it. */
    lock(tx: Database): Promise<R | undefined>;
    notFound(): AppError;
    check(read: R): void;
    run(tx: Database, read: R, messenger: Messenger): Promise<void>;
    /** The document's number (the audit row's target) and the key of its id in the audit detail. */
    target(read: R): string;
    idKey: string;
  },
): Promise<void> {
  await inTransaction(deps.db, deps.producer, async (tx, messenger) => {
    const read = await spec.lock(tx);
    if (!read) throw spec.notFound();
    spec.check(read);
    const before = read.status;
    // The versioned update keeps `read` in step with the row, so its status is now the one written.
    await spec.run(tx, read, messenger);
    await deps.audit.record(
      {
        action: spec.action,
        userId: actor.userId,
        target: spec.target(read),
        client: actor.client,
        detail: { [spec.idKey]: read.id, before: { status: before }, after: { status: read.status } },
      },
      tx,
    );
  });
}
