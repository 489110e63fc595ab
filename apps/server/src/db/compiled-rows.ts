import { Column, is, SQL, sql, Subquery } from 'drizzle-orm';

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** The parts of drizzle's prepared query (node-postgres and PGlite alike) that decide how a row is mapped. */
type MappedQuery = {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/** An `sql` expression's decoder (its `mapWith`), which drizzle's types keep private. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/** Decoders that hand the driver's value back as it is: a plain column's and a bare `sql` expression's. */
const IDENTITY = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  decoderOfSql(sql``).mapFromDriverValue,
]);

/** The decoder drizzle's `mapResultRow` picks for a selected field, worked out once. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * Maps a prepared select's rows with the decoders chosen once, instead of drizzle choosing them again for every
 * value of every row (`is()` per field: a tenth of a list request's CPU in bench/members). Only flat selects are
 * compiled, where each field is a key of the row; a select of whole tables (nested objects, left joins that turn
 * into null) keeps drizzle's own mapping. The rows are the same either way (`compiled-rows.api.test.ts`).
 */
export function withCompiledRows<Prepared extends object>(prepared: Prepared): Prepared {
  const query = prepared as MappedQuery;
  const fields = query.fields;
  if (!fields || query.customResultMapper || !fields.every((f) => f.path.length === 1)) return prepared;
  const keys = fields.map((f) => f.path[0] as string);
  const decoders = fields.map((f) => {
    const decoder = decoderOf(f.field);
    return IDENTITY.has(decoder.mapFromDriverValue) ? null : decoder;
  });
  query.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const raw = row[i];
        const decoder = decoders[i];
        out[keys[i] as string] = raw === null || !decoder ? raw : decoder.mapFromDriverValue(raw);
      }
      return out;
    });
  return prepared;
}
