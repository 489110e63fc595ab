import { describe, expect, it } from 'vitest';
import { ageFromIdCard, birthDateFromIdCard, genderFromIdCard, isValidIdCard } from './id-card';

/** Builds a valid 18-character number (correct check character) from its first 17 digits. */
function withCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

// Region 110105, born 1990-03-07, sequence 123 (odd → 男).
const MALE_18 = withCheckDigit('11010519900307123');
// Sequence 124 (even → 女).
const FEMALE_18 = withCheckDigit('11010519900307124');
// Born 2004-02-29.
const LEAP_18 = withCheckDigit('44030420040229001');
// 15 digits: region 110105, born (19)90-03-07, sequence 123 → 15th digit 3 odd → 男.
const MALE_15 = '110105900307123';
const FEMALE_15 = '110105900307124';
const KNOWN_X = '11010519491231002X';

const at = (y: number, mo: number, d: number, h = 12): Date => new Date(y, mo - 1, d, h);

describe('birthDateFromIdCard', () => {
  it('reads 18-character numbers', () => {
    expect(birthDateFromIdCard(MALE_18)).toBe('1990-03-07');
    expect(birthDateFromIdCard(LEAP_18)).toBe('2004-02-29');
    expect(birthDateFromIdCard(KNOWN_X)).toBe('1949-12-31');
  });

  it('reads 15-digit numbers as 19xx', () => {
    expect(birthDateFromIdCard(MALE_15)).toBe('1990-03-07');
    expect(birthDateFromIdCard('110105000101123')).toBe('1900-01-01');
  });

  it('ignores surrounding blanks and a lower-case x', () => {
    expect(birthDateFromIdCard(` ${KNOWN_X.toLowerCase()} `)).toBe('1949-12-31');
  });

  it.each([
    ['too short', '1101051990030'],
    ['14 digits', '11010590030712'],
    ['16 digits', '1101059003071231'],
    ['17 digits', '11010519900307123'],
    ['19 characters', '110105199003071234X'],
    ['letter inside', '1101051990030A123X'],
    ['X in the middle', '11010519900X071234'],
    ['February 30th', withCheckDigit('11010519900230123')],
    ['29 February in a non-leap year', withCheckDigit('11010520230229123')],
    ['month 13', withCheckDigit('11010519901301123')],
    ['day 00', withCheckDigit('11010519900100123')],
    ['15-digit February 29th in 1900', '110105000229123'],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('returns null when %s', (_label, id) => {
    expect(birthDateFromIdCard(id)).toBeNull();
  });
});

describe('genderFromIdCard', () => {
  it('uses the 17th digit of 18-character numbers', () => {
    expect(genderFromIdCard(MALE_18)).toBe('男');
    expect(genderFromIdCard(FEMALE_18)).toBe('女');
    expect(genderFromIdCard(KNOWN_X)).toBe('女');
  });

  it('uses the 15th digit of 15-digit numbers', () => {
    expect(genderFromIdCard(MALE_15)).toBe('男');
    expect(genderFromIdCard(FEMALE_15)).toBe('女');
    expect(genderFromIdCard('110105900307120')).toBe('女');
  });

  it('returns null for invalid numbers', () => {
    expect(genderFromIdCard('12345')).toBeNull();
    expect(genderFromIdCard(null)).toBeNull();
    expect(genderFromIdCard(withCheckDigit('11010519901332123'))).toBeNull();
  });
});

describe('ageFromIdCard', () => {
  it('counts full years, rising on the birthday', () => {
    expect(ageFromIdCard(MALE_18, at(2024, 3, 6))).toBe(33);
    expect(ageFromIdCard(MALE_18, at(2024, 3, 7))).toBe(34);
    expect(ageFromIdCard(MALE_18, at(2024, 3, 7, 0))).toBe(34);
    expect(ageFromIdCard(MALE_18, at(2024, 12, 31))).toBe(34);
    expect(ageFromIdCard(MALE_18, at(2025, 1, 1))).toBe(34);
  });

  it('handles a 29 February birthday', () => {
    expect(ageFromIdCard(LEAP_18, at(2023, 2, 28))).toBe(18);
    expect(ageFromIdCard(LEAP_18, at(2023, 3, 1))).toBe(19);
    expect(ageFromIdCard(LEAP_18, at(2024, 2, 28))).toBe(19);
    expect(ageFromIdCard(LEAP_18, at(2024, 2, 29))).toBe(20);
  });

  it('works for 15-digit numbers', () => {
    expect(ageFromIdCard(MALE_15, at(2024, 3, 7))).toBe(34);
  });

  it('is 0 on the day of birth and null before it', () => {
    expect(ageFromIdCard(LEAP_18, at(2004, 2, 29))).toBe(0);
    expect(ageFromIdCard(LEAP_18, at(2004, 2, 28))).toBeNull();
    expect(ageFromIdCard(LEAP_18, at(1999, 1, 1))).toBeNull();
  });

  it('returns null for invalid numbers or an invalid now', () => {
    expect(ageFromIdCard('', at(2024, 1, 1))).toBeNull();
    expect(ageFromIdCard(undefined)).toBeNull();
    expect(ageFromIdCard(MALE_18, new Date('bad'))).toBeNull();
  });

  it('defaults now to today', () => {
    expect(ageFromIdCard(MALE_18)).toBeGreaterThanOrEqual(34);
  });
});

describe('isValidIdCard', () => {
  it('accepts correct check characters, including X', () => {
    expect(isValidIdCard(MALE_18)).toBe(true);
    expect(isValidIdCard(FEMALE_18)).toBe(true);
    expect(isValidIdCard(KNOWN_X)).toBe(true);
    expect(isValidIdCard(KNOWN_X.toLowerCase())).toBe(true);
    expect(isValidIdCard(MALE_15)).toBe(true);
  });

  it('rejects a wrong check character', () => {
    const wrong = MALE_18.slice(0, 17) + (MALE_18.endsWith('0') ? '1' : '0');
    expect(isValidIdCard(wrong)).toBe(false);
    expect(isValidIdCard('110105194912310021')).toBe(false);
  });

  it('rejects malformed input', () => {
    expect(isValidIdCard('')).toBe(false);
    expect(isValidIdCard(null)).toBe(false);
    expect(isValidIdCard(withCheckDigit('11010519900230123'))).toBe(false);
  });

  it('extraction does not require the check character', () => {
    expect(birthDateFromIdCard('110105194912310021')).toBe('1949-12-31');
  });
});
