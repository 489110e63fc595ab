const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** The Chinese refusals of employee purchase (docs/domain/employee-purchase.md). */
export const EMPLOYEE_PURCHASE_TEXT = {
  epcNotFound: '商品码不存在或不属于本门店',
  wrongSku: '商品码与所选商品不符',
  epcSold: (epc: string) => `商品码${epc}已售出`,
  epcScanned: '该商品码已扫描',
  epcNotInDraft: '该商品码不在待提交的内购单中',
  notForStaff: '该商品不参与员工内购',
  noQuota: '您本月没有内购额度',
  overItems: (max: number, used: number) => `超出本月内购额度：每月限购${max}件，已购${used}件`,
  overCents: (max: number, used: number) => `超出本月内购金额额度：每月限额${yuan(max)}，已用${yuan(used)}`,
  belowSafeStock: (stock: number, safe: number) =>
    `库存已到安全库存，暂不可内购（库存${stock}件，安全库存${safe}件）`,
  emptyDraft: '请先扫描商品码',
  skuNotFound: '商品不存在或不参与员工内购',
  orderNotFound: '内购单不存在',
  notPlaced: (statusText: string) => `该内购单${statusText}，不能再操作`,
  orderChanged: '内购单已被他人处理，请刷新后重试',
  epcNotInOrder: (epc: string) => `商品码${epc}不属于该内购单`,
  missingCodes: (n: number) => `还有${n}件商品未扫描`,
} as const;
