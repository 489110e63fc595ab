import {
  DELIVERY_TYPES,
  FULFILMENT_STATUSES,
  type DeliveryType,
  type FulfilmentStatus,
} from '@console/contract';
import dayjs from 'dayjs';
import type { DateFilter } from '../../components/date-range-filter';
import {
  isDateRangePresetIndex,
  presetRange,
  type DateRangePresetIndex,
} from '../../lib/format/date-range-presets';

export const RECEIVED_PAGE_SIZE = 20;
export const KEYWORD_MAX = 50;
const MAX_PAGE = 100_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type ReceivedQuery = {
  status: FulfilmentStatus | undefined;
  deliveryType: DeliveryType | undefined;
  keyword: string;
  date: DateFilter;
  pageNum: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

function isDay(text: string | null): text is string {
  return text !== null && DAY.test(text) && dayjs(text).format('YYYY-MM-DD') === text;
}

function dateFilterOf(params: URLSearchParams): DateFilter {
  const preset = params.get('preset');
  if (preset !== null && preset !== '' && isDateRangePresetIndex(Number(preset))) {
    return { preset: Number(preset) as DateRangePresetIndex };
  }
  const from = params.get('from');
  const to = params.get('to');
  return isDay(from) && isDay(to) && from <= to ? { from, to } : null;
}

/** The 已接订单 filters and page from the URL; anything unreadable falls back to "all", page 1. */
export function receivedQueryOf(params: URLSearchParams): ReceivedQuery {
  const page = Number(params.get('pageNum'));
  return {
    status: oneOf(FULFILMENT_STATUSES, params.get('status')),
    deliveryType: oneOf(DELIVERY_TYPES, params.get('deliveryType')),
    keyword: (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX),
    date: dateFilterOf(params),
    pageNum: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL search of a query; defaults are left out so a plain list has a plain URL. */
export function receivedSearch(query: ReceivedQuery): Record<string, string> {
  const search: Record<string, string> = {};
  if (query.status) search.status = query.status;
  if (query.deliveryType) search.deliveryType = query.deliveryType;
  if (query.keyword) search.keyword = query.keyword;
  if (query.date && 'preset' in query.date) search.preset = String(query.date.preset);
  else if (query.date) Object.assign(search, { from: query.date.from, to: query.date.to });
  if (query.pageNum > 1) search.pageNum = String(query.pageNum);
  return search;
}

/**
 * The days sent to the server (`takenFrom`/`takenTo`, both inclusive); a preset is resolved at `now`, so
 * "今天" stays today when the list is reopened tomorrow.
 */
export function takenDays(
  date: DateFilter,
  now: Date = new Date(),
): { takenFrom: string; takenTo: string } | null {
  if (!date) return null;
  if (!('preset' in date)) return { takenFrom: date.from, takenTo: date.to };
  const [start, end] = presetRange(date.preset, now);
  return { takenFrom: start.format('YYYY-MM-DD'), takenTo: end.format('YYYY-MM-DD') };
}
