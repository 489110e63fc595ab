/** Main-frame text (zh-text.md, "Shell"). */
export const SHELL_LABELS = {
  home: '首页',
  personalCenter: '个人中心',
  logout: '退出登录',
  logoutConfirmTitle: '提示',
  logoutConfirmText: '确定注销并退出系统吗？',
  ok: '确定',
  cancel: '取消',
  expandMenu: '展开菜单',
  collapseMenu: '收起菜单',
} as const;
