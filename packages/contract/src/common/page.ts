import { z } from 'zod';

/** The deepest page a numbered list answers; deeper reads go by keyset cursor. */
export const PAGE_NUM_MAX = 100_000;
/** A keyset cursor is opaque to the client and never longer than this. */
export const CURSOR_MAX = 200;

type PageRequestOptions = {
  /** The largest page size the list answers (no unbounded pages). */
  max: number;
  /** The page size when the caller sends none. */
  defaultSize?: number;
  /** Query-string requests (GET) carry numbers as text. */
  fromQuery?: boolean;
  /** The refusal of a size over `max`, for lists whose published message predates this one. */
  tooLarge?: string;
};

const whole = (fromQuery: boolean, error: string) =>
  (fromQuery ? z.coerce.number({ error }) : z.number({ error })).int(error);

/**
 * The paging fields of a list request: `pageNum` (1-based) and `pageSize` up to `max`, with Chinese messages.
 * Spread into the request object: `z.object({ storeCode, ...filters, ...pageRequest({ max: 50 }) })`.
 */
export function pageRequest({
  max,
  defaultSize = Math.min(20, max),
  fromQuery = false,
  tooLarge = `每页条数不能超过${max}`,
}: PageRequestOptions) {
  return {
    pageNum: whole(fromQuery, '页码不正确').min(1, '页码不正确').max(PAGE_NUM_MAX, '页码不正确').default(1),
    pageSize: whole(fromQuery, '每页条数不正确')
      .min(1, '每页条数不正确')
      .max(max, tooLarge)
      .default(defaultSize),
  };
}

/** The cursor field of a keyset-paged list request: `nextCursor` of the page before. */
export const cursorRequest = {
  cursor: z.string({ error: '分页游标不正确' }).max(CURSOR_MAX, '分页游标不正确').nullish(),
};

/** A numbered page of `item`: `list`, the exact `total`, and the page asked for. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/**
 * A keyset page of `item`. `total` is exact up to the list's count cap (`totalExact` false beyond it) and null on
 * a page read by `cursor` (the client keeps the first page's count); `nextCursor` is null on the last page.
 */
export function keysetPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().nullable(),
    totalExact: z.boolean(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    nextCursor: z.string().nullable(),
  });
}
export type KeysetPage<T> = Page<T> & {
  total: number | null;
  totalExact: boolean;
  nextCursor: string | null;
};
