import { z } from 'zod';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isCalendarDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** A calendar day `yyyy-MM-dd` (Asia/Shanghai when it bounds a time). */
export const calendarDateSchema = z
  .string({ error: '日期格式不正确' })
  .regex(DATE_PATTERN, '日期格式不正确')
  .refine(isCalendarDate, '日期格式不正确');

/**
 * The one date-range shape of every list filter: `dateFrom` and `dateTo`, both inclusive Asia/Shanghai days.
 * Which date a list filters by (taken, created, …) is the list's own; the names stay the same everywhere.
 */
export const dateRangeFields = {
  dateFrom: calendarDateSchema.nullish(),
  dateTo: calendarDateSchema.nullish(),
};
export type DateRange = { dateFrom?: string | null; dateTo?: string | null };

export const DATE_RANGE_ORDER_MESSAGE = '开始日期不能晚于结束日期';

/** The range check: a start after the end is refused on `dateTo`. Apply last, after every `extend`. */
export function withDateRangeCheck<T extends z.ZodObject>(schema: T): T {
  return schema.refine((value) => rangeInOrder(value as DateRange), {
    message: DATE_RANGE_ORDER_MESSAGE,
    path: ['dateTo'],
  });
}

function rangeInOrder({ dateFrom, dateTo }: DateRange): boolean {
  return !dateFrom || !dateTo || dateFrom <= dateTo;
}
