import { describe, expect, it } from 'vitest';
import { isContactPhone, isLandline, isMobile, isMobileLoose, maskPhone } from './phone';

describe('isMobile', () => {
  it.each([
    '13800000001',
    '13912345678',
    '15012345678',
    '16612345678',
    '17712345678',
    '18812345678',
    '19912345678',
  ])('accepts %s', (value) => {
    expect(isMobile(value)).toBe(true);
  });

  it.each([
    '12012345678',
    '11012345678',
    '10012345678',
    '23800000001',
    '1380000000',
    '138000000012',
    ' 13800000001',
    '13800000001 ',
    '138-0000-0001',
    '+8613800000001',
    '1380000000a',
    '138****0001',
    '１３８００００００01',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => {
    expect(isMobile(value)).toBe(false);
  });
});

describe('isMobileLoose', () => {
  it('only needs 11 or more characters with a second digit of 3 to 9', () => {
    expect(isMobileLoose('13800000001')).toBe(true);
    expect(isMobileLoose('19900000001')).toBe(true);
    expect(isMobileLoose('138000000012345')).toBe(true);
    expect(isMobileLoose('138****0001')).toBe(true);
  });

  it('rejects short values and a second digit of 0 to 2', () => {
    expect(isMobileLoose('1380000000')).toBe(false);
    expect(isMobileLoose('12000000001')).toBe(false);
    expect(isMobileLoose('11000000001')).toBe(false);
    expect(isMobileLoose('10000000001')).toBe(false);
    expect(isMobileLoose('')).toBe(false);
    expect(isMobileLoose(null)).toBe(false);
    expect(isMobileLoose(undefined)).toBe(false);
  });
});

describe('isLandline', () => {
  it.each(['010-12345678', '021-6543210', '0755-1234567', '0571-12345', '010-12345678901234'])(
    'accepts %s',
    (value) => {
      expect(isLandline(value)).toBe(true);
    },
  );

  it.each([
    '010-1234',
    '010-123456789012345',
    '01012345678',
    '10-12345678',
    '01-12345678',
    '07555-1234567',
    '010 12345678',
    '010-1234-5678',
    '(010)12345678',
    '010-1234567a',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => {
    expect(isLandline(value)).toBe(false);
  });
});

describe('isContactPhone', () => {
  it('accepts a landline or a strict mobile number', () => {
    expect(isContactPhone('010-12345678')).toBe(true);
    expect(isContactPhone('13800000001')).toBe(true);
    expect(isContactPhone('12345678')).toBe(false);
    expect(isContactPhone('12000000001')).toBe(false);
    expect(isContactPhone(undefined)).toBe(false);
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('19912345678')).toBe('199****5678');
  });

  it('masks every middle digit of longer numbers', () => {
    expect(maskPhone('12345678')).toBe('123*5678');
    expect(maskPhone('8613800000001')).toBe('861******0001');
  });

  it.each([
    '',
    '1',
    '1234567',
    '010-12345678',
    '138****0001',
    '+8613800000001',
    ' 13800000001',
    '1380000000a',
  ])('returns %j unchanged', (value) => {
    expect(maskPhone(value)).toBe(value);
  });

  it('turns null and undefined into an empty string', () => {
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
