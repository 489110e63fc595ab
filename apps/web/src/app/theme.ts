import type { ThemeConfig } from 'antd';

/** Spec 9: theme colour and the dark sidebar. */
export const THEME_COLOR = '#ff2f28';
export const SIDEBAR_WIDTH = 245;
export const SIDEBAR_BG = '#1f2430';

/** antd design tokens for a theme colour (spec 2.9: the settings panel can change it). */
export function buildTheme(color: string): ThemeConfig {
  return {
    token: {
      colorPrimary: color,
      colorLink: color,
      borderRadius: 6,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { siderBg: SIDEBAR_BG, headerBg: '#fff', headerPadding: '0 12px', headerHeight: 50 },
      Menu: { darkItemBg: SIDEBAR_BG, darkSubMenuItemBg: '#181c25', darkItemSelectedBg: color },
    },
  };
}

export const theme: ThemeConfig = buildTheme(THEME_COLOR);
