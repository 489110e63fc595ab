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

export function buildTheme(color: string, { motion = true } = {}): ThemeConfig {
  return {
    token: {
      motion,
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
