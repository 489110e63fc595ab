import { describe, expect, it } from 'vitest';
import { toChineseCapital, toChineseNumeral } from './chinese-numeral';

describe('toChineseNumeral', () => {
  it.each([
    [0, '零'],
    [1, '一'],
    [9, '九'],
    [10, '十'],
    [11, '十一'],
    [19, '十九'],
    [20, '二十'],
    [99, '九十九'],
    [100, '一百'],
    [101, '一百零一'],
    [105, '一百零五'],
    [110, '一百一十'],
    [115, '一百一十五'],
    [1000, '一千'],
    [1001, '一千零一'],
    [1010, '一千零一十'],
    [1100, '一千一百'],
    [9999, '九千九百九十九'],
    [10000, '一万'],
    [10001, '一万零一'],
    [10010, '一万零一十'],
    [10100, '一万零一百'],
    [11000, '一万一千'],
    [100000, '十万'],
    [150000, '十五万'],
    [200100, '二十万零一百'],
    [1000000, '一百万'],
    [10000000, '一千万'],
    [10010000, '一千零一万'],
    [100000000, '一亿'],
    [100000001, '一亿零一'],
    [100001000, '一亿零一千'],
    [100010000, '一亿零一万'],
    [110000000, '一亿一千万'],
    [1000000000, '十亿'],
    [1000000001, '十亿零一'],
    [123456789, '一亿二千三百四十五万六千七百八十九'],
    [1000100000000, '一万零一亿'],
    [1000000000000, '一万亿'],
    [Number.MAX_SAFE_INTEGER, '九千零七万一千九百九十二亿五千四百七十四万零九百九十一'],
  ])('%i → %s', (n, expected) => {
    expect(toChineseNumeral(n)).toBe(expected);
  });

  it('handles negatives', () => {
    expect(toChineseNumeral(-1)).toBe('负一');
    expect(toChineseNumeral(-10)).toBe('负十');
    expect(toChineseNumeral(-10010)).toBe('负一万零一十');
    expect(toChineseNumeral(-0)).toBe('零');
  });

  it('reads decimals digit by digit after 点', () => {
    expect(toChineseNumeral(3.14)).toBe('三点一四');
    expect(toChineseNumeral(0.5)).toBe('零点五');
    expect(toChineseNumeral(10.05)).toBe('十点零五');
    expect(toChineseNumeral(-0.5)).toBe('负零点五');
    expect(toChineseNumeral('2.50')).toBe('二点五');
  });

  it('accepts strings and bigints beyond the safe integer range', () => {
    expect(toChineseNumeral('105')).toBe('一百零五');
    expect(toChineseNumeral(10n ** 16n)).toBe('一亿亿');
    // Above 亿亿 the 亿 unit nests: (1234亿5678万9012)亿 3456万7890.
    expect(toChineseNumeral('12345678901234567890')).toBe(
      '一千二百三十四亿五千六百七十八万九千零一十二亿三千四百五十六万七千八百九十',
    );
  });

  it.each([null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'returns "" for %j',
    (input) => {
      expect(toChineseNumeral(input)).toBe('');
    },
  );
});

describe('toChineseCapital', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [100, '壹佰元整'],
    [105, '壹佰零伍元整'],
    [1000, '壹仟元整'],
    [1010, '壹仟零壹拾元整'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [10000, '壹万元整'],
    [10000.01, '壹万元零壹分'],
    [10010.1, '壹万零壹拾元壹角'],
    [100000, '壹拾万元整'],
    [1000001, '壹佰万零壹元整'],
    [100000000, '壹亿元整'],
    [100010000, '壹亿零壹万元整'],
    [120003000.7, '壹亿贰仟万叁仟元柒角'],
    [120000300, '壹亿贰仟万零叁佰元整'],
    [100000010, '壹亿零壹拾元整'],
    [1000100000000, '壹万零壹亿元整'],
    [0.5, '伍角'],
    [0.56, '伍角陆分'],
    [0.06, '陆分'],
    [0.01, '壹分'],
    [1.05, '壹元零伍分'],
    [1.5, '壹元伍角'],
    [1.1, '壹元壹角'],
    [20.3, '贰拾元叁角'],
    [99999999.99, '玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%d → %s', (amount, expected) => {
    expect(toChineseCapital(amount)).toBe(expected);
  });

  it('handles negatives with 负', () => {
    expect(toChineseCapital(-8)).toBe('负捌元整');
    expect(toChineseCapital(-1234.56)).toBe('负壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseCapital(-0.05)).toBe('负伍分');
    expect(toChineseCapital(-0)).toBe('零元整');
  });

  it('rounds to the fen half up', () => {
    expect(toChineseCapital(1.005)).toBe('壹元零壹分');
    expect(toChineseCapital(1.004)).toBe('壹元整');
    expect(toChineseCapital(0.995)).toBe('壹元整');
    expect(toChineseCapital(0.004)).toBe('零元整');
    expect(toChineseCapital(-0.004)).toBe('零元整');
  });

  it('accepts strings, bigints and huge amounts exactly', () => {
    expect(toChineseCapital('1234.56')).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(toChineseCapital(' 100.00 ')).toBe('壹佰元整');
    expect(toChineseCapital(5n)).toBe('伍元整');
    expect(toChineseCapital('900719925474099.99')).toBe(
      '玖佰万柒仟壹佰玖拾玖亿贰仟伍佰肆拾柒万肆仟零玖拾玖元玖角玖分',
    );
  });

  it.each([null, undefined, '', '  ', 'abc', '1,000', Number.NaN, Number.NEGATIVE_INFINITY])(
    'returns "" for %j',
    (input) => {
      expect(toChineseCapital(input)).toBe('');
    },
  );
});
