import { VALET_KINDS, VALET_STATUSES, type ValetKind, type ValetStatus } from '@console/contract';
import dayjs from 'dayjs';
import type { DateFilter } from '../../components/date-range-filter';
import {
  isDateRangePresetIndex,
  presetRange,
  type DateRangePresetIndex,
} from '../../lib/format/date-range-presets';

export const VALET_PAGE_SIZE = 20;
export const VALET_KEYWORD_MAX = 40;
const MAX_PAGE = 10_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type ValetQuery = {
  kind: ValetKind;
  status: ValetStatus | undefined;
  keyword: string;
  date: DateFilter;
  pageNum: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

const isDay = (text: string | null): text is string =>
  text !== null && DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text;

function dateFilterOf(params: URLSearchParams): DateFilter {
  const preset = params.get('preset');
  if (preset !== null && preset !== '' && isDateRangePresetIndex(Number(preset)))
    return { preset: Number(preset) as DateRangePresetIndex };
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

/** The 代客订单 filters and page from the URL; anything unreadable falls back to the default. */
export function valetQueryOf(params: URLSearchParams): ValetQuery {
  const page = Number(params.get('pageNum'));
  return {
    kind: oneOf(VALET_KINDS, params.get('kind')) ?? 'integral',
    status: oneOf(VALET_STATUSES, params.get('status')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, VALET_KEYWORD_MAX),
    date: dateFilterOf(params),
    pageNum: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL search of a query; defaults are left out so the plain list has a plain URL. */
export function valetSearch(query: ValetQuery): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.kind !== 'integral') search.kind = query.kind;
  if (query.status) search.status = query.status;
  if (query.keyword) search.keyword = query.keyword;
  if (query.date && 'preset' in query.date) search.preset = String(query.date.preset);
  else if (query.date) Object.assign(search, { from: query.date.from, to: query.date.to });
  if (query.pageNum > 1) search.pageNum = String(query.pageNum);
  return search;
}

/** The list call's body (without the store); a preset is resolved at `now`. */
export function valetListBody(query: ValetQuery, now: Date = new Date()) {
  const body: {
    status: ValetStatus | 'all';
    keyword?: string;
    dateFrom?: string;
    dateTo?: string;
    pageNum: number;
    pageSize: number;
  } = { status: query.status ?? 'all', pageNum: query.pageNum, pageSize: VALET_PAGE_SIZE };
  if (query.keyword) body.keyword = query.keyword;
  if (query.date && 'preset' in query.date) {
    const [start, end] = presetRange(query.date.preset, now);
    body.dateFrom = start.format('YYYY-MM-DD');
    body.dateTo = end.format('YYYY-MM-DD');
  } else if (query.date) {
    body.dateFrom = query.date.from;
    body.dateTo = query.date.to;
  }
  return body;
}
