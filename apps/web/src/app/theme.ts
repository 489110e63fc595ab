import type { ThemeConfig } from 'antd';

/** Spec 9: theme colour and the dark sidebar. */
export const THEME_COLOR = '#ff2f28';
export const SIDEBAR_WIDTH = 245;
export const SIDEBAR_BG = '#1f2430';

/** antd design tokens for a theme colour (spec 2.9: the settings panel can change it). */
/**
 * The Chinese faces of each platform by name (macOS, Windows, then the Noto / Source Han / WenQuanYi faces of the
 * Linux PCs in shops), so no platform falls back to a face without Chinese glyphs.
 */
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'WenQuanYi Micro Hei'",
  "'Helvetica Neue'",
  'Arial',
  'sans-serif',
].join(', ');

/** WCAG 2 AA for normal text: what white text on a primary button and primary text on white both need. */
export const TEXT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(color: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return null;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** The WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastOnWhite(color: string): number {
  const rgb = rgbOf(color);
  if (!rgb) return 1;
  const luminance = 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
  return 1.05 / (luminance + 0.05);
}

/**
 * The theme colour, darkened just enough for text: the brand red #ff2f28 gives white text only 3.7:1, so a button
 * label or link in it fails WCAG AA. Its brand uses (logo, login banner, loading bar) keep the colour as chosen.
 */
export function textSafeShade(color: string): string {
  const rgb = rgbOf(color);
  if (!rgb) return color;
  let shade = color;
  for (let factor = 1; factor > 0 && contrastOnWhite(shade) < TEXT_CONTRAST; factor -= 0.01) {
    shade = `#${rgb
      .map((c) =>
        Math.round(c * factor)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return shade;
}

export function buildTheme(chosen: string): ThemeConfig {
  const color = textSafeShade(chosen);
  return {
    token: {
      colorPrimary: color,
      colorLink: color,
      borderRadius: 6,
      fontFamily: FONT_FAMILY,
    },
    components: {
      Layout: { siderBg: SIDEBAR_BG, headerBg: '#fff', headerPadding: '0 12px', headerHeight: 50 },
      Menu: { darkItemBg: SIDEBAR_BG, darkSubMenuItemBg: '#181c25', darkItemSelectedBg: color },
    },
  };
}

export const theme: ThemeConfig = buildTheme(THEME_COLOR);
