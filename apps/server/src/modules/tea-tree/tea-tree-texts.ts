/** Every user-visible sentence of tea-tree adoption, in one place. */
export const TEA_TREE_TEXT = {
  activityNotFound: '认养活动不存在',
  activityClosed: '该认养活动不在报名期内',
  adoptionNotFound: '认养记录不存在',
  notEnoughTrees: (left: number) => (left > 0 ? `剩余可认养茶树不足，仅剩${left}棵` : '该活动茶树已被认养完'),
  priceChanged: '认养金额已变化，请重新计算并让会员重新确认',
  smsContent: (storeName: string, trees: number, yuan: string, code: string) =>
    `【门店运营云平台】${storeName}正在为您认养${trees}棵茶树，应付${yuan}元，验证码为${code}，5分钟内有效。如非本人操作，请勿将验证码告诉他人。`,
  pickupAddress: (storeName: string) => `门店认养：${storeName}`,
} as const;
