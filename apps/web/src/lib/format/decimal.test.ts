import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { DivisionByZeroError, add, divide, multiply, parseDecimal, roundHalfUp, subtract } from './decimal';

describe('parseDecimal', () => {
  it('parses numbers, bigints, Decimals and plain decimal strings', () => {
    expect(parseDecimal(1.5)?.toString()).toBe('1.5');
    expect(parseDecimal(12n)?.toString()).toBe('12');
    expect(parseDecimal(new Decimal('0.1'))?.toString()).toBe('0.1');
    expect(parseDecimal(' -0.25 ')?.toString()).toBe('-0.25');
    expect(parseDecimal('+.5')?.toString()).toBe('0.5');
    expect(parseDecimal('7.')?.toString()).toBe('7');
  });

  it.each([null, undefined, '', '   ', 'abc', '1,000', '1e3', '0x10', 'Infinity', 'NaN', '--1', '1.2.3'])(
    'rejects %j',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('rejects non-finite numbers and Decimals', () => {
    expect(parseDecimal(Number.NaN)).toBeNull();
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseDecimal(new Decimal(Number.NEGATIVE_INFINITY))).toBeNull();
  });
});

describe('add / subtract / multiply / divide', () => {
  it('avoids binary floating-point error', () => {
    expect(add(0.1, 0.2)).toBe(0.3);
    expect(subtract(0.3, 0.1)).toBe(0.2);
    expect(multiply(1.1, 3)).toBe(3.3);
    expect(multiply(19.9, 100)).toBe(1990);
    expect(divide(0.3, 0.1)).toBe(3);
  });

  it('rounds half up (away from zero) to 2 decimals by default', () => {
    expect(add(1.004, 0)).toBe(1);
    expect(add(1.005, 0)).toBe(1.01);
    expect(multiply(1.005, 1)).toBe(1.01);
    expect(subtract(0, 1.005)).toBe(-1.01);
    expect(divide(2, 3)).toBe(0.67);
    expect(divide(-2, 3)).toBe(-0.67);
    expect(divide(1, 8)).toBe(0.13);
  });

  it('honours a custom number of decimals', () => {
    expect(divide(1, 3, 4)).toBe(0.3333);
    expect(divide(10, 4, 0)).toBe(3);
    expect(multiply(2.5, 1, 0)).toBe(3);
    expect(add('1.23456', '0', 3)).toBe(1.235);
  });

  it('rejects an invalid number of decimals', () => {
    expect(() => add(1, 1, -1)).toThrow(RangeError);
    expect(() => add(1, 1, 1.5)).toThrow(/decimals/);
    expect(() => add(1, 1, 101)).toThrow(RangeError);
  });

  it('accepts strings, bigints and Decimals', () => {
    expect(add('1.10', '2.20')).toBe(3.3);
    expect(multiply(3n, '0.1')).toBe(0.3);
    expect(subtract(new Decimal('5'), ' 0.01 ')).toBe(4.99);
  });

  it('treats null, undefined and blank strings as 0', () => {
    expect(add(null, 1.5)).toBe(1.5);
    expect(subtract(undefined, 2)).toBe(-2);
    expect(multiply('', 3)).toBe(0);
    expect(divide(null, 4)).toBe(0);
  });

  it('throws TypeError for non-numeric operands', () => {
    expect(() => add('abc', 1)).toThrow(TypeError);
    expect(() => multiply(Number.NaN, 1)).toThrow(/Not a finite decimal/);
    expect(() => subtract(1, Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });

  it('never returns negative zero', () => {
    expect(Object.is(multiply(-1, 0), 0)).toBe(true);
    expect(Object.is(add(-0.001, 0), 0)).toBe(true);
    expect(Object.is(divide(-0.001, 1), 0)).toBe(true);
  });

  it('handles huge and tiny values', () => {
    expect(add('99999999999999.99', '0.01')).toBe(100000000000000);
    expect(multiply('123456789.12', 100)).toBe(12345678912);
    expect(divide(1, 1e9, 9)).toBe(1e-9);
    expect(add(Number.MAX_SAFE_INTEGER, 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('handles zero operands', () => {
    expect(add(0, 0)).toBe(0);
    expect(subtract(0, 0)).toBe(0);
    expect(multiply(0, 123.45)).toBe(0);
    expect(divide(0, 7)).toBe(0);
  });
});

describe('divide by zero', () => {
  it.each([0, -0, '0', '0.00', null, undefined, ''])(
    'throws DivisionByZeroError for divisor %j',
    (divisor) => {
      expect(() => divide(1, divisor)).toThrow(DivisionByZeroError);
    },
  );

  it('is a RangeError with a clear message', () => {
    expect(() => divide(0, 0)).toThrow(RangeError);
    expect(() => divide(5, 0)).toThrow('Division by zero: the divisor must not be 0');
  });
});

describe('roundHalfUp', () => {
  it('rounds a Decimal to a plain number', () => {
    expect(roundHalfUp(new Decimal('2.345'))).toBe(2.35);
    expect(roundHalfUp(new Decimal('-2.345'))).toBe(-2.35);
    expect(roundHalfUp(new Decimal('2.5'), 0)).toBe(3);
    expect(Object.is(roundHalfUp(new Decimal('-0.004')), 0)).toBe(true);
  });

  it('does not depend on the global Decimal rounding mode', () => {
    const previous = Decimal.rounding;
    Decimal.set({ rounding: Decimal.ROUND_DOWN });
    try {
      expect(divide(2, 3)).toBe(0.67);
      expect(roundHalfUp(new Decimal('0.125'))).toBe(0.13);
    } finally {
      Decimal.set({ rounding: previous });
    }
  });
});
