/** Chinese texts of the special-order routes (docs/domain/orders.md "Special orders"). */
export const SPECIAL_TEXT = {
  notUEnjoy: '该订单不是优享订单',
  noPrescription: '该订单没有处方',
  writeOffHint: '请核对顾客出示的6位核销码后核销',
  noMember: '该订单没有关联会员，取消不影响会员等级',
  keepsLevel: (paid: string, level: number, threshold: string) =>
    `取消后近365天消费${paid}元，仍达到会员等级${level}的门槛${threshold}元，等级保持不变`,
  dropsLevel: (paid: string, level: number, threshold: string, after: number) =>
    `取消后近365天消费${paid}元，低于会员等级${level}的门槛${threshold}元，将降为等级${after}`,
  shipReminder: (o: { omsOrderNo: string; performanceOrderNo: string; hours: number }) =>
    `订单 ${o.omsOrderNo}（履约单 ${o.performanceOrderNo}）接单已超过${o.hours}小时仍未发货，请尽快处理`,
} as const;

export const yuan = (cents: number) => (cents / 100).toFixed(2);
