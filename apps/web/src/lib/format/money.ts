import Decimal from 'decimal.js';
import { parseDecimal } from './decimal';
import type { DecimalInput } from './decimal';

/**
 * Shown when an amount is missing or unreadable. A missing amount is not the same as zero, so
 * it is not rendered as '0.00'; pass another placeholder to formatCents when a screen needs one.
 */
export const EMPTY_AMOUNT = '--';

/** Inserts thousands separators into a run of digits: '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats an integer amount of cents as yuan with 2 decimals and thousands separators:
 * 123456 → '1,234.56', -123456 → '-1,234.56'. Fractional cents are rounded half-up.
 * null, undefined, '' and non-numeric input give `empty` ('--' by default).
 */
export function formatCents(cents: DecimalInput, empty: string = EMPTY_AMOUNT): string {
  const value = parseDecimal(cents);
  if (value === null) return empty;
  const yuan = value.dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [integer = '0', fraction = '00'] = yuan.abs().toFixed(2).split('.');
  const sign = yuan.isNegative() && !yuan.isZero() ? '-' : '';
  return `${sign}${groupThousands(integer)}.${fraction}`;
}

/**
 * Yuan as typed by a person or sent as a number: optional sign, digits (optionally grouped with
 * commas in threes), and at most 2 decimals. '1,234.5' and '-0.01' pass; '1.234', '1e3', '.5' fail.
 */
const YUAN_TEXT = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/**
 * Converts yuan to integer cents without floating-point error ('0.29' → 29, 19.9 → 1990).
 * Returns null for empty or malformed input, more than 2 decimals, or a result beyond
 * Number.MAX_SAFE_INTEGER cents.
 */
export function yuanToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  let yuan: Decimal | null;
  if (typeof input === 'number') {
    yuan = parseDecimal(input);
  } else {
    const text = input.trim();
    yuan = YUAN_TEXT.test(text) ? parseDecimal(text.replace(/,/g, '')) : null;
  }
  if (yuan === null || yuan.decimalPlaces() > 2) return null;
  const cents = yuan.times(100).toNumber();
  if (!Number.isSafeInteger(cents)) return null;
  return cents === 0 ? 0 : cents;
}

/** Integer cents to a yuan number for form fields (1990 → 19.9). Returns null for missing input. */
export function centsToYuan(cents: DecimalInput): number | null {
  const value = parseDecimal(cents);
  if (value === null) return null;
  const yuan = value.dividedBy(100).toNumber();
  return yuan === 0 ? 0 : yuan;
}
