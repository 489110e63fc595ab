import { describe, expect, it } from 'vitest';
import { EMPTY_AMOUNT, centsToYuan, formatCents, yuanToCents } from './money';

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [123456, '1,234.56'],
    [99999, '999.99'],
    [100000, '1,000.00'],
    [123456789, '1,234,567.89'],
    [-1, '-0.01'],
    [-123456, '-1,234.56'],
    [-100000, '-1,000.00'],
  ])('formats %j cents as %s', (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it('accepts numeric strings and bigints', () => {
    expect(formatCents('123456')).toBe('1,234.56');
    expect(formatCents(' -5 ')).toBe('-0.05');
    expect(formatCents(123456n)).toBe('1,234.56');
  });

  it('formats huge amounts exactly', () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
    expect(formatCents('123456789012345678901234')).toBe('1,234,567,890,123,456,789,012.34');
    expect(formatCents(-(10n ** 20n))).toBe('-1,000,000,000,000,000,000.00');
  });

  it('rounds fractional cents half up, without a negative zero', () => {
    expect(formatCents(0.5)).toBe('0.01');
    expect(formatCents(0.4)).toBe('0.00');
    expect(formatCents(-0.5)).toBe('-0.01');
    expect(formatCents(-0.4)).toBe('0.00');
    expect(formatCents(-0)).toBe('0.00');
  });

  it('shows the placeholder for missing or unreadable input', () => {
    expect(EMPTY_AMOUNT).toBe('--');
    for (const input of [null, undefined, '', '  ', 'abc', '1,000', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatCents(input)).toBe('--');
    }
  });

  it('lets the caller choose another placeholder', () => {
    expect(formatCents(null, '0.00')).toBe('0.00');
    expect(formatCents(undefined, '')).toBe('');
    expect(formatCents(100, '0.00')).toBe('1.00');
  });
});

describe('yuanToCents', () => {
  it.each([
    ['0', 0],
    ['0.01', 1],
    ['0.1', 10],
    ['0.29', 29],
    ['1.00', 100],
    ['19.9', 1990],
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['1,234,567', 123456700],
    ['-1,234.56', -123456],
    ['+12', 1200],
    ['  8.8  ', 880],
    ['007.50', 750],
  ])('converts %j to %i cents', (input, expected) => {
    expect(yuanToCents(input)).toBe(expected);
  });

  it('converts numbers without floating-point error', () => {
    expect(yuanToCents(0.29)).toBe(29);
    expect(yuanToCents(19.9)).toBe(1990);
    expect(yuanToCents(1.15)).toBe(115);
    expect(yuanToCents(4.35)).toBe(435);
    expect(yuanToCents(-0.07)).toBe(-7);
    expect(yuanToCents(0)).toBe(0);
  });

  it('never returns negative zero', () => {
    expect(Object.is(yuanToCents('-0'), 0)).toBe(true);
    expect(Object.is(yuanToCents(-0), 0)).toBe(true);
    expect(Object.is(yuanToCents('-0.00'), 0)).toBe(true);
  });

  it.each(['1.234', '0.001', '1.000'])('rejects %j: more than 2 decimals', (input) => {
    expect(yuanToCents(input)).toBeNull();
  });

  it('rejects numbers with more than 2 decimals, including float artefacts', () => {
    expect(yuanToCents(1.005)).toBeNull();
    expect(yuanToCents(0.1 + 0.2)).toBeNull();
  });

  it.each([
    null,
    undefined,
    '',
    '   ',
    'abc',
    '1e3',
    '.5',
    '5.',
    '1,23.4',
    '12,34',
    '1 000',
    '¥5',
    '--1',
    '0x10',
  ])('rejects malformed input %j', (input) => {
    expect(yuanToCents(input)).toBeNull();
  });

  it('rejects non-finite numbers and results beyond the safe integer range', () => {
    expect(yuanToCents(Number.NaN)).toBeNull();
    expect(yuanToCents(Number.POSITIVE_INFINITY)).toBeNull();
    expect(yuanToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(yuanToCents('90071992547409.92')).toBeNull();
    expect(yuanToCents(1e20)).toBeNull();
  });

  it('round-trips with formatCents', () => {
    for (const cents of [0, 1, 99, 123456, -123456, 100000000]) {
      expect(yuanToCents(formatCents(cents))).toBe(cents);
    }
  });
});

describe('centsToYuan', () => {
  it('divides by 100 exactly', () => {
    expect(centsToYuan(1990)).toBe(19.9);
    expect(centsToYuan(29)).toBe(0.29);
    expect(centsToYuan('-123456')).toBe(-1234.56);
    expect(Object.is(centsToYuan(-0), 0)).toBe(true);
  });

  it('returns null for missing input', () => {
    expect(centsToYuan(null)).toBeNull();
    expect(centsToYuan(undefined)).toBeNull();
    expect(centsToYuan('x')).toBeNull();
  });
});
