/** 员工内购: every visible string of the feature. */
export const EMPLOYEE_PURCHASE_LABELS = {
  title: '员工内购',
  list: {
    keywordPlaceholder: '内购单号/工号/员工姓名，回车查询',
    datePlaceholder: ['下单开始日期', '下单结束日期'] as [string, string],
    empty: '暂无内购单，点击“新增内购”扫描商品码购买',
  },
  buy: {
    open: '新增内购',
    title: '新增内购',
    ok: '提交内购',
    done: '内购单已提交',
    scan: '扫描或输入商品码，回车添加',
    remove: '移除',
    empty: '尚未扫描商品',
    total: (items: number, yuan: string) => `共${items}件，内购金额 ${yuan}`,
    combination: (name: string, count: number, savedYuan: string) =>
      `套装「${name}」×${count}，优惠 ${savedYuan}`,
    quota: (used: number, max: number, usedYuan: string, maxYuan: string) =>
      `本月额度：已购${used}/${max}件，已用${usedYuan}/${maxYuan}`,
    noQuota: '您本月没有内购额度',
    emptyDraft: '请先扫描商品码',
  },
  scanOrder: {
    verify: { action: '核验', title: '提货核验', ok: '确认提货', done: '已核验提货' },
    cancel: { action: '取消', title: '取消内购', ok: '确认取消', done: '内购单已取消，商品码已退回库存' },
    scan: '逐件扫描或输入商品码，回车核对',
    progress: (scanned: number, total: number) => `已扫描${scanned}/${total}件`,
    incomplete: (left: number) => `还有${left}件商品未扫描`,
    scanned: '已扫描',
    waiting: '待扫描',
  },
};
