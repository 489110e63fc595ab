import { describe, expect, it } from 'vitest';
import * as format from './index';

describe('lib/format index', () => {
  it('re-exports every helper', () => {
    const expected = [
      'DATE_ONLY_FORMAT',
      'DATE_RANGE_PRESETS',
      'DATE_RANGE_PRESET_LABELS',
      'DEFAULT_DATE_FORMAT',
      'DEFAULT_DECIMALS',
      'DivisionByZeroError',
      'EMPTY_AMOUNT',
      'RELATIVE_TIME_TEXT',
      'add',
      'ageFromIdCard',
      'appendToken',
      'birthDateFromIdCard',
      'centsToYuan',
      'divide',
      'formatCents',
      'formatDate',
      'genderFromIdCard',
      'getDateRangePresets',
      'isContactPhone',
      'isDateRangePresetIndex',
      'isExternal',
      'isLandline',
      'isMobile',
      'isMobileLoose',
      'isSafeHttpUrl',
      'isValidIdCard',
      'maskPhone',
      'multiply',
      'normalizePhone',
      'parseDecimal',
      'presetRange',
      'relativeTime',
      'roundHalfUp',
      'stripEmoji',
      'subtract',
      'toChineseCapital',
      'toChineseNumeral',
      'toDayjs',
      'toMillis',
      'yuanToCents',
    ];
    expect(Object.keys(format).sort()).toEqual(expected.sort());
  });

  it('works end to end through the index', () => {
    expect(format.formatCents(format.yuanToCents('1,234.56'))).toBe('1,234.56');
    expect(format.toChineseCapital(format.centsToYuan(123456))).toBe('壹仟贰佰叁拾肆元伍角陆分');
  });
});
