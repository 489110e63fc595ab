import type { DictItemRow, DictTypeListQuery, DictTypeRow } from '@console/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { likeContains } from '../../db/like-pattern.js';
import { mapPage, numberedPageOf } from '../../db/paged-query.js';
import { dictItems, dictTypes } from '../../db/schema.js';

export type DictTypeFields = Pick<DictTypeRow, 'name' | 'description' | 'sort' | 'enabled'>;
export type DictItemFields = Pick<DictItemRow, 'label' | 'value' | 'sort'>;

// Written out: drizzle drops table names from columns of a one-table select, which would bind `id` to the items.
const itemCount = sql<number>`(select count(*)::int from dict_items i where i.type_id = "dict_types"."id")`;

const typeColumns = {
  id: dictTypes.id,
  code: dictTypes.code,
  name: dictTypes.name,
  description: dictTypes.description,
  sort: dictTypes.sort,
  enabled: dictTypes.enabled,
  builtin: dictTypes.builtin,
  itemCount,
  updatedAt: dictTypes.updatedAt,
};

const itemColumns = {
  id: dictItems.id,
  typeId: dictItems.typeId,
  label: dictItems.label,
  value: dictItems.value,
  sort: dictItems.sort,
  enabled: dictItems.enabled,
  builtin: dictItems.builtin,
  updatedAt: dictItems.updatedAt,
};

const typeRowOf = (row: Omit<DictTypeRow, 'updatedAt'> & { updatedAt: Date }): DictTypeRow => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});
const itemRowOf = (row: Omit<DictItemRow, 'updatedAt'> & { updatedAt: Date }): DictItemRow => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** `%` and `_` typed by a person are meant literally. */

export type DictsRepository = ReturnType<typeof createDictsRepository>;

export function createDictsRepository(db: Database) {
  return {
    async typePage(query: DictTypeListQuery) {
      const where = query.keyword
        ? or(
            ilike(dictTypes.code, likeContains(query.keyword)),
            ilike(dictTypes.name, likeContains(query.keyword)),
          )
        : undefined;
      const page = await numberedPageOf(
        query,
        db.select(typeColumns).from(dictTypes).where(where).orderBy(asc(dictTypes.sort), asc(dictTypes.id)),
        db.select({ n: count() }).from(dictTypes).where(where),
      );
      return mapPage(page, typeRowOf);
    },

    async typeById(id: number, tx: Database = db, { lock = false } = {}): Promise<DictTypeRow | null> {
      const select = tx.select(typeColumns).from(dictTypes).where(eq(dictTypes.id, id));
      const [row] = await (lock ? select.for('update') : select);
      return row ? typeRowOf(row) : null;
    },

    async typeByCode(code: string, tx: Database = db) {
      const [row] = await tx
        .select({ id: dictTypes.id, code: dictTypes.code, name: dictTypes.name, enabled: dictTypes.enabled })
        .from(dictTypes)
        .where(eq(dictTypes.code, code));
      return row ?? null;
    },

    async typeIdByName(tx: Database, name: string): Promise<number | null> {
      const [row] = await tx.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.name, name));
      return row?.id ?? null;
    },

    /** A dictionary's enabled items in select order. */
    enabledItems(typeId: number) {
      return db
        .select({ label: dictItems.label, value: dictItems.value })
        .from(dictItems)
        .where(and(eq(dictItems.typeId, typeId), eq(dictItems.enabled, true)))
        .orderBy(asc(dictItems.sort), asc(dictItems.id));
    },

    async insertType(tx: Database, fields: DictTypeFields & { code: string }): Promise<number> {
      const [row] = await tx.insert(dictTypes).values(fields).returning({ id: dictTypes.id });
      return row!.id;
    },

    async updateType(tx: Database, id: number, fields: DictTypeFields, now: Date): Promise<void> {
      await tx
        .update(dictTypes)
        .set({ ...fields, updatedAt: now })
        .where(eq(dictTypes.id, id));
    },

    async deleteType(tx: Database, id: number): Promise<void> {
      await tx.delete(dictTypes).where(eq(dictTypes.id, id));
    },

    async items(typeId: number, tx: Database = db): Promise<DictItemRow[]> {
      const rows = await tx
        .select(itemColumns)
        .from(dictItems)
        .where(eq(dictItems.typeId, typeId))
        .orderBy(asc(dictItems.sort), asc(dictItems.id));
      return rows.map(itemRowOf);
    },

    async itemById(id: number, tx: Database = db, { lock = false } = {}): Promise<DictItemRow | null> {
      const select = tx.select(itemColumns).from(dictItems).where(eq(dictItems.id, id));
      const [row] = await (lock ? select.for('update') : select);
      return row ? itemRowOf(row) : null;
    },

    /** Items of a type with the same label or value as `fields`, `exceptId` left out. */
    sameLabelOrValue(
      tx: Database,
      typeId: number,
      fields: Pick<DictItemRow, 'label' | 'value'>,
      exceptId = 0,
    ) {
      return tx
        .select({ id: dictItems.id, label: dictItems.label, value: dictItems.value })
        .from(dictItems)
        .where(
          and(
            eq(dictItems.typeId, typeId),
            sql`${dictItems.id} <> ${exceptId}`,
            or(eq(dictItems.label, fields.label), eq(dictItems.value, fields.value)),
          ),
        );
    },

    async insertItem(tx: Database, typeId: number, fields: DictItemFields & { enabled: boolean }) {
      const [row] = await tx
        .insert(dictItems)
        .values({ typeId, ...fields })
        .returning({ id: dictItems.id });
      return row!.id;
    },

    async updateItem(
      tx: Database,
      id: number,
      fields: Partial<DictItemFields & { enabled: boolean }>,
      now: Date,
    ) {
      await tx
        .update(dictItems)
        .set({ ...fields, updatedAt: now })
        .where(eq(dictItems.id, id));
    },

    async deleteItem(tx: Database, id: number): Promise<void> {
      await tx.delete(dictItems).where(eq(dictItems.id, id));
    },
  };
}
