import { z } from 'zod';
import { withDateRangeCheck } from './date-range.js';
import { cursorRequest, pageRequest } from './page.js';

/** A search box's keyword: trimmed, at most `max` characters, absent when empty. */
export function keywordField(max = 50) {
  return z.string({ error: '搜索关键字不正确' }).trim().max(max, `搜索关键字不能超过${max}个字`).nullish();
}

/** `fromQuery`: a GET list, whose numbers arrive as text. */
type Paging = { max: number; defaultSize?: number; tooLarge?: string; fromQuery?: boolean };

/**
 * A list's filters, declared once: `request` (filters + paging) is what the list takes and `filters` what an
 * export of the same list takes, both with the date-range check.
 */
export function listFilters<S extends z.ZodRawShape>(shape: S, paging: Paging) {
  const filters = z.object(shape);
  return {
    filters: withDateRangeCheck(filters),
    request: withDateRangeCheck(filters.extend(pageRequest(paging))),
  };
}

/** `listFilters` of a keyset-paged list: its request also takes the `cursor` of the page before. */
export function keysetListFilters<S extends z.ZodRawShape>(shape: S, paging: Paging) {
  const filters = z.object(shape);
  return {
    filters: withDateRangeCheck(filters),
    request: withDateRangeCheck(filters.extend({ ...pageRequest(paging), ...cursorRequest })),
  };
}
