import { describe, expect, it } from 'vitest';
import { PRESET_COLORS } from '../stores/settings-store';
import { buildTheme, contrastOnWhite, FONT_FAMILY, TEXT_CONTRAST, textSafeShade, theme } from './theme';

describe('the font stack', () => {
  it('names a Chinese face of every platform, before the Latin fallbacks', () => {
    const faces = FONT_FAMILY.split(', ').map((face) => face.replace(/'/g, ''));
    for (const face of ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC'])
      expect(faces.indexOf(face), face).toBeGreaterThan(-1);
    expect(faces.indexOf('Noto Sans CJK SC')).toBeLessThan(faces.indexOf('Arial'));
    expect(theme.token?.fontFamily).toBe(FONT_FAMILY);
  });
});

describe('textSafeShade', () => {
  it('darkens the brand red until white text on it reaches WCAG AA', () => {
    expect(contrastOnWhite('#ff2f28')).toBeLessThan(TEXT_CONTRAST);
    const shade = textSafeShade('#ff2f28');
    expect(contrastOnWhite(shade)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Just enough: one step lighter would fail.
    expect(contrastOnWhite(shade)).toBeLessThan(TEXT_CONTRAST + 0.3);
    expect(shade).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps a colour that already passes, and every preset passes once shaded', () => {
    expect(textSafeShade('#1d4ed8')).toBe('#1d4ed8');
    for (const color of PRESET_COLORS) {
      expect(contrastOnWhite(textSafeShade(color)), color).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(buildTheme('#ff2f28').token?.colorPrimary).toBe(textSafeShade('#ff2f28'));
  });
});
