/** Version check notices (zh-text.md, "Other"). */
export const VERSION_LABELS = {
  title: '提示',
  newVersion: '平台已发布新版本，页面即将刷新',
  newVersionOnStartup: '平台已发布新版本，页面即将刷新。如问题仍未解决，请清除浏览器缓存后重试',
} as const;
