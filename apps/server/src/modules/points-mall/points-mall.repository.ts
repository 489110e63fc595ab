import { and, asc, count, eq, gt, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { numberedPageOf, type Paging } from '../../db/paged-query.js';
import {
  integralClasses,
  integralClassSkus,
  integralClassStores,
  integralShelves,
  skus,
  stores,
  valetOrders,
} from '../../db/schema.js';
import { linkedStoreCodes } from '../stores/stores-of-codes.js';

export type ClassRecord = typeof integralClasses.$inferSelect;
export type SkuTermsValues = {
  skuId: number;
  points: number;
  cashCents: number;
  perMemberLimit: number;
  validFrom: Date | null;
  validTo: Date | null;
};

/** An integral SKU's own columns (its points terms included). */
const skuColumns = {
  skuId: skus.id,
  skuCode: skus.skuCode,
  name: skus.name,
  spec: skus.spec,
  labelName: skus.labelName,
  points: skus.points,
  cashCents: skus.priceCents,
  perMemberLimit: skus.perMemberLimit,
  validFrom: skus.validFrom,
  validTo: skus.validTo,
  enabled: skus.enabled,
};

const shelfStoreCount = sql<number>`(select count(*)::int from ${integralShelves}
  where ${integralShelves.skuId} = ${skus.id} and ${integralShelves.onShelf})`.as('shelf_store_count');

const classNamesOfSku = sql<string>`coalesce((select string_agg(c.name, '、' order by c.sort, c.id)
  from ${integralClassSkus} cs join ${integralClasses} c on c.id = cs.class_id
  where cs.sku_id = ${skus.id}), '')`.as('class_names');

/** The classes a store manages hold the SKU. */
const managedBy = (storeId: number) =>
  sql`exists (select 1 from ${integralClassSkus} cs join ${integralClassStores} m on m.class_id = cs.class_id
    where cs.sku_id = ${skus.id} and m.store_id = ${storeId})`;

const keywordMatch = (keyword: string | null | undefined): SQL | undefined =>
  keyword
    ? or(sql`${skus.name} ilike ${likeContains(keyword)}`, eq(skus.skuCode, keyword.toUpperCase()))
    : undefined;

/** Every SQL statement of the points mall's classes and shelves; the rules are the service's. */
export function createPointsMallRepository(db: Database) {
  const shelfOf = (storeId: number) =>
    db
      .select({
        ...skuColumns,
        shelfStoreCount,
        onShelf: sql<boolean>`coalesce(${integralShelves.onShelf}, false)`,
        stock: sql<number>`coalesce(${integralShelves.stock}, 0)`,
        classNames: classNamesOfSku,
      })
      .from(skus)
      .leftJoin(
        integralShelves,
        and(eq(integralShelves.skuId, skus.id), eq(integralShelves.storeId, storeId)),
      );

  return {
    /** Every class in order, with its counts and whether `storeId` manages it. */
    classes(storeId: number, tx: Database = db) {
      return tx
        .select({
          id: integralClasses.id,
          name: integralClasses.name,
          sort: integralClasses.sort,
          enabled: integralClasses.enabled,
          updatedAt: integralClasses.updatedAt,
          skuCount: sql<number>`(select count(*)::int from ${integralClassSkus}
            where ${integralClassSkus.classId} = ${integralClasses.id})`,
          manageStoreCount: sql<number>`(select count(*)::int from ${integralClassStores}
            where ${integralClassStores.classId} = ${integralClasses.id})`,
          manageable: sql<boolean>`exists (select 1 from ${integralClassStores}
            where ${integralClassStores.classId} = ${integralClasses.id}
            and ${integralClassStores.storeId} = ${storeId})`,
        })
        .from(integralClasses)
        .orderBy(asc(integralClasses.sort), asc(integralClasses.id));
    },

    async classById(id: number): Promise<ClassRecord | null> {
      const [row] = await db.select().from(integralClasses).where(eq(integralClasses.id, id));
      return row ?? null;
    },

    async lockClass(tx: Database, id: number): Promise<ClassRecord | null> {
      const [row] = await tx.select().from(integralClasses).where(eq(integralClasses.id, id)).for('update');
      return row ?? null;
    },

    /** Every class id, locked: one sort at a time. */
    async lockClassIds(tx: Database): Promise<number[]> {
      const rows = await tx.select({ id: integralClasses.id }).from(integralClasses).for('update');
      return rows.map((r) => r.id);
    },

    async nextSort(tx: Database): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${integralClasses.sort}), -1)::int + 1` })
        .from(integralClasses);
      return row?.n ?? 0;
    },

    async insertClass(tx: Database, values: typeof integralClasses.$inferInsert): Promise<ClassRecord> {
      const [row] = await tx.insert(integralClasses).values(values).returning();
      return row!;
    },

    async updateClass(tx: Database, id: number, values: Partial<typeof integralClasses.$inferInsert>) {
      await tx.update(integralClasses).set(values).where(eq(integralClasses.id, id));
    },

    async setSort(tx: Database, ids: readonly number[], at: Date) {
      for (const [sort, id] of ids.entries())
        await tx.update(integralClasses).set({ sort, updatedAt: at }).where(eq(integralClasses.id, id));
    },

    /** The class's SKUs in its order. */
    classSkus(classId: number, tx: Database = db) {
      return tx
        .select({ ...skuColumns, shelfStoreCount })
        .from(integralClassSkus)
        .innerJoin(skus, eq(skus.id, integralClassSkus.skuId))
        .where(eq(integralClassSkus.classId, classId))
        .orderBy(asc(integralClassSkus.sort), asc(skus.id));
    },

    classSkuPage(filter: Paging & { classId: number; keyword?: string | null | undefined }) {
      const where = and(eq(integralClassSkus.classId, filter.classId), keywordMatch(filter.keyword));
      return numberedPageOf(
        filter,
        db
          .select({ ...skuColumns, shelfStoreCount })
          .from(integralClassSkus)
          .innerJoin(skus, eq(skus.id, integralClassSkus.skuId))
          .where(where)
          .orderBy(asc(integralClassSkus.sort), asc(skus.id)),
        db
          .select({ n: count() })
          .from(integralClassSkus)
          .innerJoin(skus, eq(skus.id, integralClassSkus.skuId))
          .where(where),
      );
    },

    /** Enabled integral SKUs no store has on its shelf. */
    noShopSkus(keyword: string | null | undefined, limit: number) {
      return db
        .select(skuColumns)
        .from(skus)
        .where(
          and(
            eq(skus.kind, 'integral'),
            eq(skus.enabled, true),
            keywordMatch(keyword),
            notExists(
              db
                .select({ one: sql`1` })
                .from(integralShelves)
                .where(and(eq(integralShelves.skuId, skus.id), eq(integralShelves.onShelf, true))),
            ),
          ),
        )
        .orderBy(asc(skus.skuCode))
        .limit(limit);
    },

    async integralSkuIds(ids: readonly number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: skus.id })
        .from(skus)
        .where(and(inArray(skus.id, [...ids]), eq(skus.kind, 'integral')));
      return rows.map((r) => r.id);
    },

    /** Replaces the class's SKUs (in the given order) and writes each SKU's points terms. */
    async setClassSkus(tx: Database, classId: number, terms: readonly SkuTermsValues[]) {
      await tx.delete(integralClassSkus).where(eq(integralClassSkus.classId, classId));
      if (terms.length === 0) return;
      await tx.insert(integralClassSkus).values(terms.map((t, sort) => ({ classId, skuId: t.skuId, sort })));
      for (const t of terms)
        await tx
          .update(skus)
          .set({
            points: t.points,
            priceCents: t.cashCents,
            perMemberLimit: t.perMemberLimit,
            validFrom: t.validFrom,
            validTo: t.validTo,
          })
          .where(eq(skus.id, t.skuId));
    },

    managerCodes: (classId: number, tx: Database = db) =>
      linkedStoreCodes(
        tx,
        {
          table: integralClassStores,
          parent: integralClassStores.classId,
          storeId: integralClassStores.storeId,
        },
        classId,
      ),

    async setManagers(tx: Database, classId: number, storeIds: readonly number[]) {
      await tx.delete(integralClassStores).where(eq(integralClassStores.classId, classId));
      if (storeIds.length > 0)
        await tx.insert(integralClassStores).values(storeIds.map((storeId) => ({ classId, storeId })));
    },

    /** A class's SKUs with the store's shelf. */
    storeClassSkuPage(storeId: number, filter: Paging & { classId: number; keyword?: string | null }) {
      const where = and(
        sql`${skus.id} in (select ${integralClassSkus.skuId} from ${integralClassSkus}
          where ${integralClassSkus.classId} = ${filter.classId})`,
        keywordMatch(filter.keyword),
      );
      return numberedPageOf(
        filter,
        shelfOf(storeId).where(where).orderBy(asc(skus.skuCode)),
        db.select({ n: count() }).from(skus).where(where),
      );
    },

    /** The SKUs of the classes the store manages, with its shelf. */
    storeSkuPage(storeId: number, filter: Paging & { keyword?: string | null; onShelf?: boolean | null }) {
      const shelved = sql`coalesce(${integralShelves.onShelf}, false)`;
      const where = and(
        managedBy(storeId),
        keywordMatch(filter.keyword),
        filter.onShelf == null ? undefined : sql`${shelved} = ${filter.onShelf}`,
      );
      return numberedPageOf(
        filter,
        shelfOf(storeId).where(where).orderBy(asc(skus.skuCode)),
        db
          .select({ n: count() })
          .from(skus)
          .leftJoin(
            integralShelves,
            and(eq(integralShelves.skuId, skus.id), eq(integralShelves.storeId, storeId)),
          )
          .where(where),
      );
    },

    async storeSku(storeId: number, skuId: number) {
      const [row] = await shelfOf(storeId).where(eq(skus.id, skuId)).limit(1);
      return row ?? null;
    },

    async integralSku(skuId: number) {
      const [row] = await db.select({ id: skus.id, kind: skus.kind }).from(skus).where(eq(skus.id, skuId));
      return row ?? null;
    },

    async manages(storeId: number, skuId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: skus.id })
        .from(skus)
        .where(and(eq(skus.id, skuId), managedBy(storeId)));
      return row !== undefined;
    },

    async putShelf(
      tx: Database,
      values: {
        storeId: number;
        skuId: number;
        onShelf: boolean;
        stock: number;
        updatedBy: number;
        at: Date;
      },
    ) {
      const { storeId, skuId, onShelf, stock, updatedBy, at } = values;
      await tx
        .insert(integralShelves)
        .values({ storeId, skuId, onShelf, stock, updatedBy, updatedAt: at })
        .onConflictDoUpdate({
          target: [integralShelves.storeId, integralShelves.skuId],
          set: { onShelf, stock, updatedBy, updatedAt: at },
        });
    },

    shelvesPage(
      filter: Paging & { skuId?: number | null; storeId?: number | null; onShelf?: boolean | null },
    ) {
      const where = and(
        filter.skuId ? eq(integralShelves.skuId, filter.skuId) : undefined,
        filter.storeId ? eq(integralShelves.storeId, filter.storeId) : undefined,
        filter.onShelf == null ? undefined : eq(integralShelves.onShelf, filter.onShelf),
      );
      return numberedPageOf(
        filter,
        db
          .select({
            storeCode: stores.shopCode,
            storeName: stores.shopName,
            skuId: skus.id,
            skuCode: skus.skuCode,
            skuName: skus.name,
            onShelf: integralShelves.onShelf,
            stock: integralShelves.stock,
            updatedAt: integralShelves.updatedAt,
          })
          .from(integralShelves)
          .innerJoin(stores, eq(stores.id, integralShelves.storeId))
          .innerJoin(skus, eq(skus.id, integralShelves.skuId))
          .where(where)
          .orderBy(asc(stores.shopCode), asc(skus.skuCode)),
        db.select({ n: count() }).from(integralShelves).where(where),
      );
    },

    async storeLocation(storeId: number) {
      const [row] = await db
        .select({ latitude: stores.latitude, longitude: stores.longitude })
        .from(stores)
        .where(eq(stores.id, storeId));
      return row ?? null;
    },

    /** Enabled, located stores with the SKU on their shelf and in stock. */
    shelvingStores(skuId: number) {
      return db
        .select({
          shopCode: stores.shopCode,
          shopName: stores.shopName,
          shopAddress: stores.shopAddress,
          latitude: stores.latitude,
          longitude: stores.longitude,
          stock: integralShelves.stock,
        })
        .from(integralShelves)
        .innerJoin(stores, eq(stores.id, integralShelves.storeId))
        .where(
          and(
            eq(integralShelves.skuId, skuId),
            eq(integralShelves.onShelf, true),
            gt(integralShelves.stock, 0),
            eq(stores.enabled, true),
          ),
        );
    },
  };
}

export type PointsMallRepository = ReturnType<typeof createPointsMallRepository>;

/** The statements of redemption-terms.ts, run in the caller's transaction. */
export function createRedemptionTermsRepository(tx: Database) {
  return {
    /** The terms of the integral SKUs by code, with the store's shelf of each (off and 0 without a row). */
    terms(storeId: number, skuCodes: string[]) {
      return tx
        .select({
          skuCode: skus.skuCode,
          name: skus.name,
          perMemberLimit: skus.perMemberLimit,
          validFrom: skus.validFrom,
          validTo: skus.validTo,
          onShelf: sql<boolean>`coalesce(${integralShelves.onShelf}, false)`,
          stock: sql<number>`coalesce(${integralShelves.stock}, 0)`,
        })
        .from(skus)
        .leftJoin(
          integralShelves,
          and(eq(integralShelves.skuId, skus.id), eq(integralShelves.storeId, storeId)),
        )
        .where(and(eq(skus.kind, 'integral'), inArray(skus.skuCode, skuCodes)));
    },

    /** How many of each SKU the member redeemed through confirmed valet points orders. */
    async redeemed(memberId: number): Promise<Map<string, number>> {
      const orders = await tx
        .select({ items: valetOrders.items })
        .from(valetOrders)
        .where(
          and(
            eq(valetOrders.memberId, memberId),
            eq(valetOrders.kind, 'integral'),
            eq(valetOrders.status, 'confirmed'),
          ),
        );
      const redeemed = new Map<string, number>();
      for (const item of orders.flatMap((order) => order.items))
        redeemed.set(item.skuCode, (redeemed.get(item.skuCode) ?? 0) + item.quantity);
      return redeemed;
    },

    /** Moves the store's shelf stock of a SKU by `delta`; taking more than it holds changes nothing (false). */
    async moveStock(storeId: number, skuCode: string, delta: number): Promise<boolean> {
      const moved = await tx
        .update(integralShelves)
        .set({ stock: sql`${integralShelves.stock} + ${delta}` })
        .where(
          and(
            eq(integralShelves.storeId, storeId),
            eq(
              integralShelves.skuId,
              sql`(select ${skus.id} from ${skus} where ${skus.skuCode} = ${skuCode})`,
            ),
            sql`${integralShelves.stock} + ${delta} >= 0`,
          ),
        )
        .returning({ stock: integralShelves.stock });
      return moved.length > 0;
    },
  };
}
