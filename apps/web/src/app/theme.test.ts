import { describe, expect, it } from 'vitest';
import { FONT_FAMILY, theme } from './theme';

describe('the font stack', () => {
  it('names a Chinese face of every platform, before the Latin fallbacks', () => {
    const faces = FONT_FAMILY.split(', ').map((face) => face.replace(/'/g, ''));
    for (const face of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC'])
      expect(faces.indexOf(face), face).toBeGreaterThan(-1);
    expect(faces.indexOf('Noto Sans CJK SC')).toBeLessThan(faces.indexOf('Arial'));
    expect(theme.token?.fontFamily).toBe(FONT_FAMILY);
  });
});
