import type { ThemeConfig } from 'antd';

/** Spec 9: theme colour and the dark sidebar. */
export const THEME_COLOR = '#ff2f28';
export const SIDEBAR_WIDTH = 245;
export const SIDEBAR_BG = '#1f2430';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLOR,
    colorLink: THEME_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: SIDEBAR_BG, headerBg: '#fff', headerPadding: '0 16px', headerHeight: 56 },
    Menu: { darkItemBg: SIDEBAR_BG, darkSubMenuItemBg: '#181c25', darkItemSelectedBg: THEME_COLOR },
  },
};
