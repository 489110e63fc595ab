import Decimal from 'decimal.js';

/**
 * A private Decimal constructor: configuring the shared one with `Decimal.set` would change
 * rounding for every other user of decimal.js in the app.
 */
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** A number in any form the helpers accept; the arithmetic helpers count null, undefined and '' as 0. */
export type DecimalInput = Decimal.Value | null | undefined;

export const DEFAULT_DECIMALS = 2;

/** Thrown by {@link divide} when the divisor is zero (or empty, which counts as zero). */
export class DivisionByZeroError extends RangeError {
  constructor() {
    super('Division by zero: the divisor must not be 0');
    this.name = 'DivisionByZeroError';
  }
}

/** Plain decimal notation only: no exponent, hex, Infinity or NaN from user or API strings. */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Strictly parses a value to a Decimal with half-up rounding. Returns null for null, undefined,
 * blank strings, non-numeric strings and non-finite numbers.
 */
export function parseDecimal(value: DecimalInput): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : null;
  if (typeof value === 'bigint') return new D(value);
  if (typeof value === 'string') {
    const text = value.trim();
    return PLAIN_DECIMAL.test(text) ? new D(text) : null;
  }
  return value.isFinite() ? new D(value) : null;
}

/** Rounds half away from zero to `decimals` places and returns a number without a negative zero. */
export function roundHalfUp(value: Decimal, decimals: number = DEFAULT_DECIMALS): number {
  const rounded = new D(value).toDecimalPlaces(checkDecimals(decimals), Decimal.ROUND_HALF_UP);
  return rounded.isZero() ? 0 : rounded.toNumber();
}

function checkDecimals(decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`decimals must be an integer from 0 to 100, got ${String(decimals)}`);
  }
  return decimals;
}

function operand(value: DecimalInput): Decimal {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return new D(0);
  }
  const parsed = parseDecimal(value);
  if (parsed === null) throw new TypeError(`Not a finite decimal number: ${String(value)}`);
  return parsed;
}

/** a + b, rounded half-up to `decimals` places (default 2). */
export function add(a: DecimalInput, b: DecimalInput, decimals: number = DEFAULT_DECIMALS): number {
  return roundHalfUp(operand(a).plus(operand(b)), decimals);
}

/** a − b, rounded half-up to `decimals` places (default 2). */
export function subtract(a: DecimalInput, b: DecimalInput, decimals: number = DEFAULT_DECIMALS): number {
  return roundHalfUp(operand(a).minus(operand(b)), decimals);
}

/** a × b, rounded half-up to `decimals` places (default 2). */
export function multiply(a: DecimalInput, b: DecimalInput, decimals: number = DEFAULT_DECIMALS): number {
  return roundHalfUp(operand(a).times(operand(b)), decimals);
}

/** a ÷ b, rounded half-up to `decimals` places (default 2). Throws {@link DivisionByZeroError} when b is 0. */
export function divide(a: DecimalInput, b: DecimalInput, decimals: number = DEFAULT_DECIMALS): number {
  const divisor = operand(b);
  if (divisor.isZero()) throw new DivisionByZeroError();
  return roundHalfUp(operand(a).dividedBy(divisor), decimals);
}
