/** Error and placeholder pages (zh-text.md, "Shell"). */
export const ERROR_LABELS = {
  backHome: '返回首页',
  reload: '重新加载',
  unauthorized: { title: '抱歉，您无权访问该页面', description: '如需访问，请联系管理员为您开通相应权限。' },
  forbidden: { title: '无权限访问', description: '您的账号没有该页面的访问权限，如有疑问请联系管理员。' },
  notFound: { title: '页面不存在', description: '您访问的页面不存在或已被移除，请检查地址是否正确。' },
  serverError: {
    title: '服务器出错了',
    description: '服务暂时不可用，请稍后重试。如问题持续存在，请联系服务台。',
  },
  repair: {
    title: '系统维护中，请稍后访问',
    description: '为了给您提供更好的服务，系统正在升级维护，给您带来的不便敬请谅解。',
    restoring: (startedAt: string) => `系统管理员正在恢复数据备份（${startedAt} 开始），完成后将自动返回。`,
    idle: '当前没有进行中的维护。',
    autoCheck: (seconds: number) => `每 ${seconds} 秒自动检查一次`,
    checkedAt: (time: string) => `上次检查 ${time}`,
    checkNow: '立即检查',
    offline: '暂时无法连接服务器，稍后自动重试',
  },
  comingSoon: {
    title: '功能开发中，敬请期待',
    description: (feature: string | undefined) =>
      feature ? `“${feature}”正在加紧开发，上线后即可在此使用。` : '该功能正在加紧开发，上线后即可在此使用。',
  },
  crashed: { title: '页面加载失败', description: '页面出现异常，请重新加载后再试。' },
} as const;
