/** Chinese texts of the broadcast (docs zh-text.md, "Message center"). */
export const BROADCAST_LABELS = {
  offline: '网络已断开，请检查网络连接',
  failure: (phone: string): string => `消息中心服务异常，请联系服务台${phone ? `（${phone}）` : ''}`,
  historyFailed: '拉取历史消息失败',
  autoplayBlocked: '浏览器阻止了提示音自动播放，点击确定开启声音提醒',
  tip: '提示',
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  soundOn: '开启提示音',
  soundOff: '关闭提示音',
  soundMuted: '提示音已关闭',
  more: (n: number): string => `还有${n}条`,
  collapse: '收起',
  closeAll: '关闭全部弹窗',
} as const;
