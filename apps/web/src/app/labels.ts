/** App-wide Chinese text (zh-text.md, "Product" and "Sign-in"). */
export const APP_LABELS = {
  productName: '门店运营云平台',
  home: '首页',
  personalCenter: '个人中心',
  login: '登录',
  repair: '系统维护',
  comingSoon: '功能开发中',
  noticeReader: '通知公告',
  pageLoading: '页面加载中',
  tip: '提示',
  userInfoFailed: '获取用户信息失败',
  menusFailed: '获取菜单失败，请刷新页面重试',
  accountChanged: '检测到登录账号已变更，页面将刷新',
} as const;

/** `{route title} - 门店运营云平台` (zh-text.md, page title pattern). */
export function pageTitle(routeTitle: string | undefined): string {
  return routeTitle ? `${routeTitle} - ${APP_LABELS.productName}` : APP_LABELS.productName;
}
