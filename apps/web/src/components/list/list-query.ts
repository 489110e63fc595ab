import dayjs from 'dayjs';
import { z } from 'zod';
import { isDateRangePresetIndex, type DateRangePresetIndex } from '../../lib/format/date-range-presets';
import type { DateFilter } from '../date-range-filter';
import { daysOfDateFilter } from '../date-filter-search';

/**
 * A list's URL state, declared as one zod schema per search parameter. Each field reads the parameter's text
 * (or `undefined` when absent) and must give a value for `undefined` too (`.default(…)` or `.optional()`):
 * that value is the field's default, used when the text is unreadable, so one bad parameter never resets the
 * others.
 */
export type UrlShape = Record<string, z.ZodType>;
export type UrlQuery<S extends UrlShape> = { [K in keyof S]: z.output<S[K]> };

const fallbackOf = (field: z.ZodType): unknown => {
  const empty = field.safeParse(undefined);
  return empty.success ? empty.data : undefined;
};

/** The query a URL stands for; every field falls back to its default on its own. */
export function readUrlQuery<S extends UrlShape>(shape: S, params: URLSearchParams): UrlQuery<S> {
  const query: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const text = params.get(key);
    const read = field.safeParse(text === null || text === '' ? undefined : text);
    query[key] = read.success ? read.data : fallbackOf(field);
  }
  return query as UrlQuery<S>;
}

/** The URL search of a query: defaults are left out, so a plain list has a plain URL. */
export function writeUrlQuery<S extends UrlShape>(shape: S, query: UrlQuery<S>): Record<string, string> {
  const search: Record<string, string> = {};
  for (const [key, field] of Object.entries(shape)) {
    const value = (query as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '' || value === fallbackOf(field)) continue;
    search[key] = value === true ? '1' : String(value);
  }
  return search;
}

/** Fields that say what is open over the list (a drawer's record), not what the list holds. */
const viewFields = new WeakSet<z.ZodType>();

/** Whether `key` of `shape` is paging or a record open over the list: neither filters the list. */
export function isListStateKey(shape: UrlShape, key: string): boolean {
  const field = shape[key];
  return key === 'pageNum' || key === 'pageSize' || (field !== undefined && viewFields.has(field));
}

/**
 * Whether any filter (anything but paging, an open record and the `views` fields) differs from its default: an
 * empty list is then "no result".
 */
export function isFiltered<S extends UrlShape>(
  shape: S,
  query: UrlQuery<S>,
  views: readonly (keyof S)[] = [],
): boolean {
  return Object.entries(shape).some(
    ([key, field]) =>
      !isListStateKey(shape, key) &&
      !views.includes(key) &&
      ((query as Record<string, unknown>)[key] ?? undefined) !== (fallbackOf(field) ?? undefined),
  );
}

/** The part of a query that 重置 keeps: the `views` fields (which list is shown, e.g. a kind tab). */
export function keptOnReset<S extends UrlShape>(
  shape: S,
  query: UrlQuery<S>,
  views: readonly (keyof S)[],
): Record<string, string> {
  const search = writeUrlQuery(shape, query);
  return Object.fromEntries(Object.entries(search).filter(([key]) => views.includes(key)));
}

/** The length each `urlField.keyword` cuts at: the search box takes no more. */
const keywordFields = new WeakMap<z.ZodType, number>();

/** The longest keyword a URL shape keeps (its `keyword` field), or undefined without one. */
export function keywordMaxOf(shape: UrlShape): number | undefined {
  const field = shape.keyword;
  return field ? keywordFields.get(field) : undefined;
}

/** The sizes each `urlField.pageSize` accepts: the page-size selector offers exactly these. */
const pageSizeFields = new WeakMap<z.ZodType, readonly number[]>();

/** The page sizes a URL shape accepts (its `pageSize` field), or undefined without one. */
export function pageSizesOf(shape: UrlShape): readonly number[] | undefined {
  const field = shape.pageSize;
  return field ? pageSizeFields.get(field) : undefined;
}

/** Fields of the URL shape. */
export const urlField = {
  /** One of `values`, or absent (no filter) for anything else. */
  oneOf<const T extends readonly string[]>(values: T): z.ZodType<T[number] | undefined> {
    return z
      .string()
      .refine((value) => values.includes(value))
      .optional() as z.ZodType<T[number] | undefined>;
  },
  /** One of `values`, else `fallback` (e.g. 'all'). */
  oneOfOr<const T extends readonly string[]>(values: T, fallback: T[number]): z.ZodType<T[number]> {
    return z
      .string()
      .refine((value) => values.includes(value))
      .default(fallback) as unknown as z.ZodType<T[number]>;
  },
  /** A search box's text: trimmed and cut to `max` characters ('' when absent). */
  keyword(max = 50) {
    const field = z
      .string()
      .default('')
      .transform((text) => text.trim().slice(0, max));
    keywordFields.set(field, max);
    return field;
  },
  /** A 1-based page number up to `max` (deeper pages are read by keyset cursor), else 1. */
  pageNum(max = 100_000) {
    return z.coerce.number().int().min(1).max(max).default(1);
  },
  /** One of the page sizes the selector offers, else `fallback`. */
  pageSize(sizes: readonly number[], fallback: number) {
    const field = z.coerce
      .number()
      .refine((size) => sizes.includes(size))
      .default(fallback);
    pageSizeFields.set(field, sizes);
    return field;
  },
  /** A calendar day yyyy-MM-dd that exists. */
  day() {
    return z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((day) => dayjs(day).format('YYYY-MM-DD') === day)
      .optional();
  },
  /**
   * The id of a record opened over the list (e.g. `?id=7` for a drawer): a positive safe integer, else none.
   * Not a filter: opening it keeps the page, and any filter change closes it.
   */
  recordId(): z.ZodType<number | undefined> {
    const field = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();
    viewFields.add(field);
    return field;
  },
  /** The id of something a filter picks (a department, a role): a positive safe integer, else no filter. */
  id(): z.ZodType<number | undefined> {
    return z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();
  },
  /** An on/off filter (a check box): `?x=1` is on; anything else, or absent, is off (and stays out of the URL). */
  flag(): z.ZodType<boolean> {
    return z
      .string()
      .optional()
      .transform((text) => text === '1' || text === 'true') as unknown as z.ZodType<boolean>;
  },
  /** One of the 11 date presets of spec 9 (its index). */
  preset() {
    return z.coerce
      .number()
      .int()
      .refine((index) => isDateRangePresetIndex(index))
      .optional();
  },
};

/** The date filter of a list: `preset` (kept as a preset, so 今天 stays today), or the days `from`–`to`. */
export const dateUrlShape = { preset: urlField.preset(), from: urlField.day(), to: urlField.day() };
type DateUrlQuery = UrlQuery<typeof dateUrlShape>;

export function dateFilterOfQuery(query: DateUrlQuery): DateFilter {
  if (query.preset !== undefined) return { preset: query.preset as DateRangePresetIndex };
  return query.from && query.to && query.from <= query.to ? { from: query.from, to: query.to } : null;
}

/** The URL fields of a date filter; spread into `setQuery`, so choosing days clears the preset and back. */
export function queryOfDateFilter(filter: DateFilter): DateUrlQuery {
  if (!filter) return { preset: undefined, from: undefined, to: undefined };
  if ('preset' in filter) return { preset: filter.preset, from: undefined, to: undefined };
  return { preset: undefined, from: filter.from, to: filter.to };
}

/** The contract's `dateFrom`/`dateTo` (inclusive days) of a list's date filter, a preset resolved at `now`. */
export function dateRangeOfQuery(
  query: DateUrlQuery,
  now: Date = new Date(),
): { dateFrom?: string; dateTo?: string } {
  const days = daysOfDateFilter(dateFilterOfQuery(query), now);
  return days ? { dateFrom: days.from, dateTo: days.to } : {};
}
