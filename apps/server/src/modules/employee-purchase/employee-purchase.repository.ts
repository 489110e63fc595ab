import type { EmployeeOrderListRequest, EmployeeOrderStatus } from '@console/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf } from '../../db/paged-query.js';
import {
  employeePurchaseCombinations,
  employeePurchaseEpcs,
  employeePurchaseLines,
  employeePurchaseOrders,
  employeePurchasePrices,
  employeePurchaseQuotas,
  employeePurchaseSafeStock,
  skus,
  users,
} from '../../db/schema.js';
import { withinShanghaiDays } from '../../db/shanghai-days.js';

const orders = employeePurchaseOrders;
const epcs = employeePurchaseEpcs;
const lines = employeePurchaseLines;

/** Codes of a store's SKU still in stock: the stock employee purchase counts. */
const inStockOf = (storeId: number, skuId: typeof skus.id) =>
  sql<number>`(select count(*)::int from ${epcs} where ${epcs.storeId} = ${storeId}
    and ${epcs.skuId} = ${skuId} and ${epcs.status} = 'in_stock')`;

const orderColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  storeId: orders.storeId,
  userId: orders.userId,
  status: orders.status,
  itemCount: orders.itemCount,
  totalCents: orders.totalCents,
  handledByName: orders.handledByName,
  placedAt: orders.placedAt,
  verifiedAt: orders.verifiedAt,
  cancelledAt: orders.cancelledAt,
  employeeName: users.nickName,
  workCode: users.workCode,
};

const lineColumns = {
  epcId: lines.epcId,
  skuId: lines.skuId,
  epc: epcs.epc,
  skuCode: skus.skuCode,
  name: skus.name,
  spec: skus.spec,
  staffCents: lines.staffCents,
};
export type OrderLineRow = { [K in keyof typeof lineColumns]: (typeof lineColumns)[K]['_']['data'] };

/** Every SQL statement of employee purchase (docs/domain/employee-purchase.md). */
export function createEmployeePurchaseRepository(db: Database) {
  const joinedOrders = (tx: Database = db) =>
    tx.select(orderColumns).from(orders).innerJoin(users, eq(users.id, orders.userId));

  function listConditions(storeId: number, filter: EmployeeOrderListRequest): SQL[] {
    const where: SQL[] = [eq(orders.storeId, storeId), isNotNull(orders.placedAt)];
    if (filter.status !== 'all') where.push(eq(orders.status, filter.status));
    where.push(...withinShanghaiDays(orders.placedAt, filter.dateFrom, filter.dateTo));
    if (filter.keyword) {
      const keyword = filter.keyword;
      where.push(
        or(
          eq(orders.orderNo, keyword),
          eq(users.workCode, keyword),
          ilike(users.nickName, likeContains(keyword)),
        )!,
      );
    }
    return where;
  }

  return {
    /** SKUs with a staff price, with the store's stock and safe stock. */
    staffSkus(storeId: number, keyword: string | null | undefined) {
      const where: SQL[] = [eq(skus.enabled, true)];
      if (keyword) where.push(or(eq(skus.skuCode, keyword), ilike(skus.name, likeContains(keyword)))!);
      return db
        .select({
          skuId: skus.id,
          skuCode: skus.skuCode,
          name: skus.name,
          spec: skus.spec,
          retailCents: skus.priceCents,
          staffCents: employeePurchasePrices.staffCents,
          stock: inStockOf(storeId, skus.id),
          safeStock: sql<number>`coalesce(${employeePurchaseSafeStock.safeQuantity}, 0)`,
        })
        .from(employeePurchasePrices)
        .innerJoin(skus, eq(skus.id, employeePurchasePrices.skuId))
        .leftJoin(
          employeePurchaseSafeStock,
          and(eq(employeePurchaseSafeStock.skuId, skus.id), eq(employeePurchaseSafeStock.storeId, storeId)),
        )
        .where(and(...where))
        .orderBy(asc(skus.skuCode))
        .limit(100);
    },

    /** Every combination's price and goods, as draft pricing needs them. */
    combinationSets(tx: Database = db) {
      const c = employeePurchaseCombinations;
      return tx.select({ code: c.code, name: c.name, staffCents: c.staffCents, items: c.items }).from(c);
    },

    async combinations() {
      const rows = await db
        .select()
        .from(employeePurchaseCombinations)
        .orderBy(asc(employeePurchaseCombinations.code));
      const skuIds = [...new Set(rows.flatMap((r) => r.items.map((i) => i.skuId)))];
      const goods = skuIds.length
        ? await db
            .select({ id: skus.id, skuCode: skus.skuCode, name: skus.name, priceCents: skus.priceCents })
            .from(skus)
            .where(inArray(skus.id, skuIds))
        : [];
      return { rows, goods: new Map(goods.map((g) => [g.id, g])) };
    },

    /** Stock (codes in stock) and safe stock of a SKU at the store; `lock` serialises placings of the SKU. */
    async stockOf(storeId: number, skuId: number, tx: Database = db, lock = false) {
      const safe = tx
        .select({ safeQuantity: employeePurchaseSafeStock.safeQuantity })
        .from(employeePurchaseSafeStock)
        .where(
          and(eq(employeePurchaseSafeStock.storeId, storeId), eq(employeePurchaseSafeStock.skuId, skuId)),
        );
      const [safeRow] = await (lock ? safe.for('update') : safe);
      const [stockRow] = await tx
        .select({ n: count() })
        .from(epcs)
        .where(and(eq(epcs.storeId, storeId), eq(epcs.skuId, skuId), eq(epcs.status, 'in_stock')));
      return { stock: stockRow?.n ?? 0, safeStock: safeRow?.safeQuantity ?? 0 };
    },

    async epc(code: string, tx: Database = db) {
      const [row] = await tx
        .select({
          id: epcs.id,
          epc: epcs.epc,
          storeId: epcs.storeId,
          skuId: epcs.skuId,
          status: epcs.status,
          skuCode: skus.skuCode,
          name: skus.name,
          spec: skus.spec,
          staffCents: employeePurchasePrices.staffCents,
        })
        .from(epcs)
        .innerJoin(skus, eq(skus.id, epcs.skuId))
        .leftJoin(employeePurchasePrices, eq(employeePurchasePrices.skuId, epcs.skuId))
        .where(eq(epcs.epc, code));
      return row ?? null;
    },

    async draft(storeId: number, userId: number, tx: Database = db) {
      const [row] = await tx
        .select({ id: orders.id, orderNo: orders.orderNo })
        .from(orders)
        .where(and(eq(orders.storeId, storeId), eq(orders.userId, userId), eq(orders.status, 'draft')));
      return row ?? null;
    },

    /** The caller's draft, made when missing (the partial unique index keeps one per employee and store). */
    async ensureDraft(tx: Database, values: { storeId: number; userId: number; orderNo: string; at: Date }) {
      await tx
        .insert(orders)
        .values({ ...values, status: 'draft', createdAt: values.at })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: orders.id, orderNo: orders.orderNo })
        .from(orders)
        .where(
          and(
            eq(orders.storeId, values.storeId),
            eq(orders.userId, values.userId),
            eq(orders.status, 'draft'),
          ),
        );
      return row!;
    },

    lines(orderId: number, tx: Database = db): Promise<OrderLineRow[]> {
      return tx
        .select(lineColumns)
        .from(lines)
        .innerJoin(epcs, eq(epcs.id, lines.epcId))
        .innerJoin(skus, eq(skus.id, lines.skuId))
        .where(eq(lines.orderId, orderId))
        .orderBy(asc(lines.id));
    },

    async addLine(tx: Database, values: typeof lines.$inferInsert) {
      const added = await tx.insert(lines).values(values).onConflictDoNothing().returning({ id: lines.id });
      return added.length > 0;
    },

    async deleteLine(tx: Database, orderId: number, epcId: number) {
      const deleted = await tx
        .delete(lines)
        .where(and(eq(lines.orderId, orderId), eq(lines.epcId, epcId)))
        .returning({ id: lines.id });
      return deleted.length;
    },

    async deleteDraft(tx: Database, orderId: number) {
      await tx.delete(lines).where(eq(lines.orderId, orderId));
      await tx.delete(orders).where(and(eq(orders.id, orderId), eq(orders.status, 'draft')));
    },

    /** The employee's quota of the month; `lock` serialises one employee's placings. */
    async quota(userId: number, period: string, tx: Database = db, lock = false) {
      const query = tx
        .select({ maxItems: employeePurchaseQuotas.maxItems, maxCents: employeePurchaseQuotas.maxCents })
        .from(employeePurchaseQuotas)
        .where(and(eq(employeePurchaseQuotas.userId, userId), eq(employeePurchaseQuotas.period, period)));
      const [row] = await (lock ? query.for('update') : query);
      return row ?? null;
    },

    /** What the employee's placed and verified orders of the month used. */
    async used(userId: number, period: string, tx: Database = db) {
      const [row] = await tx
        .select({
          items: sql<number>`coalesce(sum(${orders.itemCount}), 0)::int`,
          cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
        })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.period, period),
            inArray(orders.status, ['placed', 'verified']),
          ),
        );
      return { items: Number(row?.items ?? 0), cents: Number(row?.cents ?? 0) };
    },

    /** Sells the codes still in stock to the order: the statement that decides between concurrent orders. */
    async sellCodes(tx: Database, orderId: number, epcIds: number[]) {
      const sold = await tx
        .update(epcs)
        .set({ status: 'sold', orderId })
        .where(and(inArray(epcs.id, epcIds), eq(epcs.status, 'in_stock')))
        .returning({ id: epcs.id });
      return new Set(sold.map((row) => row.id));
    },

    async returnCodes(tx: Database, orderId: number) {
      await tx
        .update(epcs)
        .set({ status: 'in_stock', orderId: null })
        .where(and(eq(epcs.orderId, orderId), eq(epcs.status, 'sold')));
    },

    /** Moves an order from one status to the next; false when another call moved it first. */
    async moveOrder(
      tx: Database,
      orderId: number,
      from: 'draft' | EmployeeOrderStatus,
      values: Partial<typeof orders.$inferInsert> & { status: EmployeeOrderStatus },
    ) {
      const moved = await tx
        .update(orders)
        .set(values)
        .where(and(eq(orders.id, orderId), eq(orders.status, from)))
        .returning({ id: orders.id });
      return moved.length > 0;
    },

    async order(storeId: number, orderNo: string, tx: Database = db) {
      const [row] = await joinedOrders(tx).where(
        and(eq(orders.storeId, storeId), eq(orders.orderNo, orderNo), isNotNull(orders.placedAt)),
      );
      return row ?? null;
    },

    page(storeId: number, filter: EmployeeOrderListRequest) {
      const where = and(...listConditions(storeId, filter));
      return numberedPageOf(
        filter,
        joinedOrders().where(where).orderBy(desc(orders.placedAt), desc(orders.id)),
        db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
      );
    },
  };
}

export type EmployeePurchaseRepository = ReturnType<typeof createEmployeePurchaseRepository>;
export type EmployeeOrderJoined = NonNullable<Awaited<ReturnType<EmployeePurchaseRepository['order']>>>;
