import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { executeNamed } from '../../db/named-statement.js';
import { skus, stockBalances } from '../../db/schema.js';
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

/** One batch's take: `takeMany`'s unit. */
export type Take = { key: BatchKey; quantity: number };

/** A batch's quantity leaving store `from` for store `to`: `moveBetween`'s unit. */
export type StoreMove = { from: number; to: number; skuId: number; batchNo: string; quantity: number };

const sameKey = (a: BatchKey, b: BatchKey) =>
  a.storeId === b.storeId && a.skuId === b.skuId && a.batchNo === b.batchNo;

/** One batch's increase: `increaseMany`'s unit. */
export type Increase = { key: BatchKey; dates: BatchDates; deltas: { onHand?: number; inTransit?: number } };

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

const movementColumns = sql.raw(
  'balance_id, store_id, sku_id, batch_no, on_hand_delta, reserved_delta, in_transit_delta, ' +
    'reason, doc_type, doc_id, doc_no, user_id',
);
const documentValues = (reason: MovementReason, doc: StockDoc) =>
  sql`${reason}::varchar, ${doc.type}::varchar, ${doc.id}::int, ${doc.no}::varchar, ${doc.userId}::int`;

type Moved = { id: number; productionDate: string; expiryDate: string };

/**
 * One change of an existing balance and its movement row, as one named statement whatever the change: the
 * balance changes only if every quantity stays within the table's checks afterwards (on-hand, reserved and
 * in-transit not negative, reserved not above on-hand), which is each decrease's condition — available stock
 * for a reservation or a direct take, the reservation for a reserved take, in-transit for a receipt. No row:
 * refused, nothing written. PostgreSQL re-checks the condition on the row as the other clerk committed it.
 */
async function move(
  tx: Database,
  key: BatchKey,
  deltas: Deltas,
  reason: MovementReason,
  doc: StockDoc,
): Promise<Moved | undefined> {
  const onHand = deltas.onHand ?? 0;
  const reserved = deltas.reserved ?? 0;
  const inTransit = deltas.inTransit ?? 0;
  const [row] = await executeNamed<Moved>(
    tx,
    'stock_move',
    sql`
    with changed as (
      update stock_balances as b
      set on_hand = b.on_hand + ${onHand}::int, reserved = b.reserved + ${reserved}::int,
        in_transit = b.in_transit + ${inTransit}::int, updated_at = now()
      where b.store_id = ${key.storeId}::int and b.sku_id = ${key.skuId}::int and b.batch_no = ${key.batchNo}::varchar
        and b.on_hand + ${onHand}::int >= 0 and b.reserved + ${reserved}::int >= 0
        and b.in_transit + ${inTransit}::int >= 0 and b.reserved + ${reserved}::int <= b.on_hand + ${onHand}::int
      returning b.id, b.production_date, b.expiry_date
    ), moved as (
      insert into stock_movements (${movementColumns})
      select id, ${key.storeId}::int, ${key.skuId}::int, ${key.batchNo}::varchar, ${onHand}::int,
        ${reserved}::int, ${inTransit}::int, ${documentValues(reason, doc)}
      from changed
    )
    select id, production_date::text as "productionDate", expiry_date::text as "expiryDate" from changed`,
  );
  return row;
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
   * `increase` of many batches for one document in one named statement, whatever their number (a store's opening
   * receipt, a ship's arrivals, the demo seed): the batches go as one JSON array, upserted into the balances with
   * a movement each, in the order given. A batch named twice gets the sum (one statement cannot update a row
   * twice) and a movement for each.
   */
  async function increaseMany(
    tx: Database,
    increases: readonly Increase[],
    reason: MovementReason,
    doc: StockDoc,
  ): Promise<void> {
    if (increases.length === 0) return;
    const wanted = increases.map(({ key, dates, deltas }, n) => ({
      n,
      store_id: key.storeId,
      sku_id: key.skuId,
      batch_no: key.batchNo,
      production_date: dates.productionDate,
      expiry_date: dates.expiryDate,
      on_hand: deltas.onHand ?? 0,
      in_transit: deltas.inTransit ?? 0,
    }));
    await executeNamed(
      tx,
      'stock_increase',
      sql`
      with wanted as (
        select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(n int, store_id int, sku_id int,
          batch_no varchar, production_date date, expiry_date date, on_hand int, in_transit int)
      ), per_batch as (
        select store_id, sku_id, batch_no, min(production_date) as production_date, min(expiry_date) as expiry_date,
          sum(on_hand)::int as on_hand, sum(in_transit)::int as in_transit, min(n) as n
        from wanted group by store_id, sku_id, batch_no
      ), balance as (
        insert into stock_balances as b (store_id, sku_id, batch_no, production_date, expiry_date, on_hand, in_transit)
        select store_id, sku_id, batch_no, production_date, expiry_date, on_hand, in_transit from per_batch order by n
        on conflict (store_id, sku_id, batch_no) do update
          set on_hand = b.on_hand + excluded.on_hand, in_transit = b.in_transit + excluded.in_transit, updated_at = now()
        returning b.id, b.store_id, b.sku_id, b.batch_no
      )
      insert into stock_movements (${movementColumns})
      select balance.id, w.store_id, w.sku_id, w.batch_no, w.on_hand, 0, w.in_transit, ${documentValues(reason, doc)}
      from balance join wanted w using (store_id, sku_id, batch_no)
      order by w.n`,
    );
  }

  /** Holds `quantity` of the batch's available stock (on-hand − reserved) for a document. */
  async function reserve(tx: Database, key: BatchKey, quantity: number, doc: StockDoc): Promise<void> {
    if (!(await move(tx, key, { reserved: quantity }, 'reserve', doc)))
      throw await refusal(tx, key, quantity, 'available');
  }

  /** Gives back a reservation. */
  async function release(tx: Database, key: BatchKey, quantity: number, doc: StockDoc): Promise<void> {
    if (!(await move(tx, key, { reserved: -quantity }, 'release', doc)))
      throw await refusal(tx, key, quantity, 'reserved');
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
    const deltas = { onHand: -quantity, reserved: options.reserved ? -quantity : 0 };
    const row = await move(tx, key, deltas, reason, doc);
    if (!row) throw await refusal(tx, key, quantity, options.reserved ? 'reserved' : 'available');
    return { productionDate: row.productionDate, expiryDate: row.expiryDate };
  }

  /**
   * `take` of many batches for one document in one named statement, whatever their number: the balances are
   * locked in id order (two documents taking the same batches wait for each other instead of deadlocking), each
   * batch changes only if all of its takes fit, with a movement per take. A batch that does not fit is answered
   * 409 as `take` answers it; the caller's transaction then writes nothing. Each take's batch dates, in order.
   */
  async function takeMany(
    tx: Database,
    takes: readonly Take[],
    reason: MovementReason,
    doc: StockDoc,
    options: { reserved: boolean },
  ): Promise<BatchDates[]> {
    if (takes.length === 0) return [];
    const wanted = takes.map(({ key, quantity }, n) => ({
      n,
      store_id: key.storeId,
      sku_id: key.skuId,
      batch_no: key.batchNo,
      quantity,
    }));
    // The reservation goes down with on-hand (a reserved take) or stays (a direct take).
    const fromReserved = options.reserved ? 1 : 0;
    const rows = await executeNamed<{ n: number } & BatchDates>(
      tx,
      'stock_take_many',
      sql`
      with wanted as (
        select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb)
          as w(n int, store_id int, sku_id int, batch_no varchar, quantity int)
      ), per_batch as (
        select store_id, sku_id, batch_no, sum(quantity)::int as quantity
        from wanted group by store_id, sku_id, batch_no
      ), locked as materialized (
        select b.id, p.quantity, p.quantity * ${fromReserved}::int as reserved
        from stock_balances b
        join per_batch p on p.store_id = b.store_id and p.sku_id = b.sku_id and p.batch_no = b.batch_no
        order by b.id
        for update of b
      ), changed as (
        update stock_balances as b
        set on_hand = b.on_hand - l.quantity, reserved = b.reserved - l.reserved, updated_at = now()
        from locked l
        where b.id = l.id and b.on_hand - l.quantity >= 0 and b.reserved - l.reserved >= 0
          and b.reserved - l.reserved <= b.on_hand - l.quantity
        returning b.id, b.store_id, b.sku_id, b.batch_no, b.production_date, b.expiry_date
      ), moved as (
        insert into stock_movements (${movementColumns})
        select c.id, w.store_id, w.sku_id, w.batch_no, -w.quantity, -w.quantity * ${fromReserved}::int, 0,
          ${documentValues(reason, doc)}
        from changed c join wanted w using (store_id, sku_id, batch_no)
        order by w.n
      )
      select w.n, c.production_date::text as "productionDate", c.expiry_date::text as "expiryDate"
      from changed c join wanted w using (store_id, sku_id, batch_no)
      order by w.n`,
    );
    const datesOf = new Map(rows.map((r) => [Number(r.n), r]));
    const refused = takes.findIndex((_, n) => !datesOf.has(n));
    if (refused >= 0) {
      const { key } = takes[refused]!;
      const sameBatch = takes.filter((t) => sameKey(t.key, key));
      const quantity = sameBatch.reduce((sum, t) => sum + t.quantity, 0);
      throw await refusal(tx, key, quantity, options.reserved ? 'reserved' : 'available');
    }
    return takes.map((_, n) => {
      const { productionDate, expiryDate } = datesOf.get(n)!;
      return { productionDate, expiryDate };
    });
  }

  /**
   * Moves batches from one store to another for a document (a ship, a loan's return): `takeMany` at each move's
   * giving store, then `increaseMany` at its receiving store with the batch's dates, as in-transit (goods on
   * their way) or on-hand. Two statements whatever the number of moves.
   */
  async function moveBetween(
    tx: Database,
    moves: readonly StoreMove[],
    arrivesAs: 'inTransit' | 'onHand',
    reason: MovementReason,
    doc: StockDoc,
    options: { reserved: boolean },
  ): Promise<void> {
    const batchAt = (storeId: number, m: StoreMove): BatchKey => ({
      storeId,
      skuId: m.skuId,
      batchNo: m.batchNo,
    });
    const dates = await takeMany(
      tx,
      moves.map((m) => ({ key: batchAt(m.from, m), quantity: m.quantity })),
      reason,
      doc,
      options,
    );
    await increaseMany(
      tx,
      moves.map((m, i) => ({ key: batchAt(m.to, m), dates: dates[i]!, deltas: { [arrivesAs]: m.quantity } })),
      reason,
      doc,
    );
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
    if (!(await move(tx, key, { onHand, inTransit: -quantity }, reason, doc)))
      throw await refusal(tx, key, quantity, 'inTransit');
  }

  return { increase, increaseMany, reserve, release, take, takeMany, moveBetween, settleInTransit };
}

export type StockLedger = ReturnType<typeof createStockLedger>;
