/** Every user-visible sentence of points redemption, in one place. */
export const POINTS_TEXT = {
  memberConfirmationRequired: '请填写会员收到的积分兑换验证码',
  notEnoughPoints: '会员积分不足',
  memberDailyCap: (cap: number, left: number) => `会员每日最多兑换${cap}积分，今日还可兑换${left}积分`,
  clerkDailyCap: (cap: number, left: number) =>
    `每位店员每日最多为会员兑换${cap}积分，您今日还可兑换${left}积分`,
  smsContent: (storeName: string, points: number, code: string) =>
    `【门店运营云平台】${storeName}正在为您兑换${points}积分的商品，验证码为${code}，5分钟内有效。如非本人操作，请勿将验证码告诉他人。`,
} as const;
