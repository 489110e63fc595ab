/** Chinese notices of the HTTP layer (zh-text.md, "HTTP layer"). */
export const HTTP_LABELS = {
  timeout: '网络请求超时',
  network: '网络请求错误',
  cancelled: '请求已取消',
  sessionExpired: '登录状态已过期，请重新登录',
  notFound: '接口不存在，请联系管理员！',
  failed: '接口请求失败',
} as const;
