/** Chinese texts of the message center's errors. */
export const IM_TEXT = {
  receiverForbidden: '只能查看和操作自己的消息',
  busy: '消息服务繁忙，请稍后重试',
  notFound: '消息不存在或已删除',
  kindMismatch: '消息类型与业务类型不匹配',
  tokenInvalid: '服务令牌无效',
  storeNotFound: '门店不存在',
  notStaff: (codes: readonly string[]) => `以下工号不是该门店员工：${codes.join('、')}`,
  noStaff: '该门店没有可接收消息的员工',
  idempotencyKeyReused: '该幂等键（Idempotency-Key）已用于内容不同的另一条消息，请换一个键',
} as const;
