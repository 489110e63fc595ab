import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { skus, stockBalances, stockMovements } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';

/**
 * The stock ledger (docs/domain/inventory.md "The stock ledger"): the only writer of `stock_balances`. Every
 * change is one conditional update of the balance plus its movement row, inside the caller's transaction; a
 * decrease that would go below zero changes no row and is answered 409, so two clerks taking the last unit at
 * once get one success and one refusal (PostgreSQL re-checks the condition after the other commits).
 */

export type MovementReason =
  | 'receipt'
  | 'adjust'
  | 'reserve'
  | 'release'
  | 'ship'
  | 'transfer_receive'
  | 'transfer_damaged'
  | 'transfer_short'
  | 'lend'
  | 'lend_return';

export type StockDoc = { type: string; id: number; no: string; userId: number | null };
export type BatchKey = { storeId: number; skuId: number; batchNo: string };
export type BatchDates = { productionDate: string; expiryDate: string };

export const LEDGER_TEXT = {
  short: (sku: string, batchNo: string, available: number, wanted: number) =>
    `库存不足：${sku} 批次 ${batchNo} 可用 ${available}，需要 ${wanted}`,
  noBatch: (sku: string, batchNo: string) => `本店没有 ${sku} 批次 ${batchNo} 的库存`,
};

type Deltas = { onHand?: number; reserved?: number; inTransit?: number };

async function skuLabel(tx: Database, skuId: number): Promise<string> {
  const [row] = await tx.select({ name: skus.name }).from(skus).where(eq(skus.id, skuId));
  return row?.name ?? `SKU ${skuId}`;
}

/** One batch's increase: `increaseMany`'s unit. */
export type Increase = { key: BatchKey; dates: BatchDates; deltas: { onHand?: number; inTransit?: number } };

const batchKeyText = ({ storeId, skuId, batchNo }: BatchKey) => `${storeId}:${skuId}:${batchNo}`;

function movementOf(balanceId: number, key: BatchKey, deltas: Deltas, reason: MovementReason, doc: StockDoc) {
  return {
    balanceId,
    ...key,
    onHandDelta: deltas.onHand ?? 0,
    reservedDelta: deltas.reserved ?? 0,
    inTransitDelta: deltas.inTransit ?? 0,
    reason,
    docType: doc.type,
    docId: doc.id,
    docNo: doc.no,
    userId: doc.userId,
  };
}

async function record(
  tx: Database,
  balanceId: number,
  key: BatchKey,
  deltas: Deltas,
  reason: MovementReason,
  doc: StockDoc,
) {
  await tx.insert(stockMovements).values(movementOf(balanceId, key, deltas, reason, doc));
}

/** The balance row of one store, SKU and batch. */
export const keyOf = (key: BatchKey) =>
  and(
    eq(stockBalances.storeId, key.storeId),
    eq(stockBalances.skuId, key.skuId),
    eq(stockBalances.batchNo, key.batchNo),
  );

/** Explains a refused decrease: the batch is missing, or what is available. */
async function refusal(
  tx: Database,
  key: BatchKey,
  wanted: number,
  field: 'available' | 'reserved' | 'inTransit',
) {
  const [row] = await tx.select().from(stockBalances).where(keyOf(key));
  const label = await skuLabel(tx, key.skuId);
  if (!row) return conflict(LEDGER_TEXT.noBatch(label, key.batchNo), 'STOCK_NO_BATCH');
  const have =
    field === 'available' ? row.onHand - row.reserved : field === 'reserved' ? row.reserved : row.inTransit;
  return conflict(LEDGER_TEXT.short(label, key.batchNo, have, wanted), 'STOCK_SHORT');
}

/** A batch's available stock: on-hand − reserved. */
export const availableStock = () =>
  sql<number>`${stockBalances.onHand} - ${stockBalances.reserved}`.mapWith(Number);

/** The batches of a SKU at a store with stock available, as a query the caller orders (and limits). */
export const batchesWithStock = (tx: Database, storeId: number, skuId: number) =>
  tx
    .select({ batchNo: stockBalances.batchNo, available: availableStock() })
    .from(stockBalances)
    .where(and(eq(stockBalances.storeId, storeId), eq(stockBalances.skuId, skuId), gt(availableStock(), 0)))
    .$dynamic();

export function createStockLedger() {
  /** Adds to a batch's balance (creating the row), e.g. a receipt or an increase of in-transit. */
  async function increase(
    tx: Database,
    key: BatchKey,
    dates: BatchDates,
    deltas: Increase['deltas'],
    reason: MovementReason,
    doc: StockDoc,
  ): Promise<void> {
    await increaseMany(tx, [{ key, dates, deltas }], reason, doc);
  }

  /**
   * `increase` of many batches for one document in two statements, whatever their number (a store's opening
   * receipt, the demo seed): one upsert of the balances and one insert of their movements. The keys must differ:
   * one statement cannot update a row twice.
   */
  async function increaseMany(
    tx: Database,
    increases: readonly Increase[],
    reason: MovementReason,
    doc: StockDoc,
  ): Promise<void> {
    if (increases.length === 0) return;
    const rows = await tx
      .insert(stockBalances)
      .values(
        increases.map(({ key, dates, deltas }) => ({
          ...key,
          ...dates,
          onHand: deltas.onHand ?? 0,
          inTransit: deltas.inTransit ?? 0,
        })),
      )
      .onConflictDoUpdate({
        target: [stockBalances.storeId, stockBalances.skuId, stockBalances.batchNo],
        set: {
          onHand: sql`${stockBalances.onHand} + excluded.on_hand`,
          inTransit: sql`${stockBalances.inTransit} + excluded.in_transit`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        id: stockBalances.id,
        storeId: stockBalances.storeId,
        skuId: stockBalances.skuId,
        batchNo: stockBalances.batchNo,
      });
    const balanceIdOf = new Map(rows.map((row) => [batchKeyText(row), row.id]));
    await tx
      .insert(stockMovements)
      .values(
        increases.map(({ key, deltas }) =>
          movementOf(balanceIdOf.get(batchKeyText(key))!, key, deltas, reason, doc),
        ),
      );
  }

  /** Holds `quantity` of the batch's available stock (on-hand − reserved) for a document. */
  async function reserve(tx: Database, key: BatchKey, quantity: number, doc: StockDoc): Promise<void> {
    const [row] = await tx
      .update(stockBalances)
      .set({ reserved: sql`${stockBalances.reserved} + ${quantity}`, updatedAt: sql`now()` })
      .where(and(keyOf(key), sql`${stockBalances.onHand} - ${stockBalances.reserved} >= ${quantity}`))
      .returning({ id: stockBalances.id });
    if (!row) throw await refusal(tx, key, quantity, 'available');
    await record(tx, row.id, key, { reserved: quantity }, 'reserve', doc);
  }

  /** Gives back a reservation. */
  async function release(tx: Database, key: BatchKey, quantity: number, doc: StockDoc): Promise<void> {
    const [row] = await tx
      .update(stockBalances)
      .set({ reserved: sql`${stockBalances.reserved} - ${quantity}`, updatedAt: sql`now()` })
      .where(and(keyOf(key), sql`${stockBalances.reserved} >= ${quantity}`))
      .returning({ id: stockBalances.id });
    if (!row) throw await refusal(tx, key, quantity, 'reserved');
    await record(tx, row.id, key, { reserved: -quantity }, 'release', doc);
  }

  /**
   * Takes stock out of the store: from a reservation (`reserved` true: on-hand and reserved both go down) or
   * from available stock directly.
   */
  async function take(
    tx: Database,
    key: BatchKey,
    quantity: number,
    reason: MovementReason,
    doc: StockDoc,
    options: { reserved: boolean },
  ): Promise<BatchDates> {
    const reservedDelta = options.reserved ? quantity : 0;
    const [row] = await tx
      .update(stockBalances)
      .set({
        onHand: sql`${stockBalances.onHand} - ${quantity}`,
        reserved: sql`${stockBalances.reserved} - ${reservedDelta}`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          keyOf(key),
          options.reserved
            ? sql`${stockBalances.reserved} >= ${quantity}`
            : sql`${stockBalances.onHand} - ${stockBalances.reserved} >= ${quantity}`,
        ),
      )
      .returning({
        id: stockBalances.id,
        productionDate: stockBalances.productionDate,
        expiryDate: stockBalances.expiryDate,
      });
    if (!row) throw await refusal(tx, key, quantity, options.reserved ? 'reserved' : 'available');
    await record(tx, row.id, key, { onHand: -quantity, reserved: -reservedDelta }, reason, doc);
    return { productionDate: row.productionDate, expiryDate: row.expiryDate };
  }

  /**
   * Ends part of a batch's in-transit quantity at the receiving store: `received` enters on-hand, `lost`
   * (damaged or short) only leaves in-transit.
   */
  async function settleInTransit(
    tx: Database,
    key: BatchKey,
    quantity: number,
    reason: 'transfer_receive' | 'transfer_damaged' | 'transfer_short',
    doc: StockDoc,
  ): Promise<void> {
    if (quantity <= 0) return;
    const onHand = reason === 'transfer_receive' ? quantity : 0;
    const [row] = await tx
      .update(stockBalances)
      .set({
        inTransit: sql`${stockBalances.inTransit} - ${quantity}`,
        onHand: sql`${stockBalances.onHand} + ${onHand}`,
        updatedAt: sql`now()`,
      })
      .where(and(keyOf(key), sql`${stockBalances.inTransit} >= ${quantity}`))
      .returning({ id: stockBalances.id });
    if (!row) throw await refusal(tx, key, quantity, 'inTransit');
    await record(tx, row.id, key, { onHand, inTransit: -quantity }, reason, doc);
  }

  return { increase, increaseMany, reserve, release, take, settleInTransit };
}

export type StockLedger = ReturnType<typeof createStockLedger>;
