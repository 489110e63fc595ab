/** Text of the shared kit (components/): every list, detail page and dialog says these the same way. */
export const COMMON_LABELS = {
  refresh: '刷新',
  loading: '加载中…',
  loadFailed: '加载失败',
  retry: '重试',
  ok: '确定',
  cancel: '取消',
  back: '返回',
  none: '-',
  noStore: '请先选择门店',
  search: '查询',
  reset: '重置',
  all: '全部',
  enabled: '启用',
  disabled: '停用',
} as const;

export const LIST_LABELS = {
  total: (total: number, exact: boolean) => `共 ${total}${exact ? '' : '+'} 条`,
  pageSize: (size: number) => `${size} 条/页`,
  resetFilters: '重置筛选',
  noResult: '没有符合条件的记录',
  noResultHint: '换个条件试试，或',
  actions: '操作',
  density: '密度',
  densities: { large: '宽松', middle: '默认', small: '紧凑' },
  columns: '列设置',
  columnsReset: '恢复默认',
  selected: (count: number) => `已选 ${count} 项`,
  clearSelection: '取消选择',
  confirmTitle: (action: string) => `确认${action}`,
  confirmContent: (action: string, what: string) => `确定${action} ${what} 吗？`,
  previous: '上一页',
  next: '下一页',
} as const;

export const TREE_LABELS = {
  expandAll: '全部展开',
  collapseAll: '全部折叠',
} as const;

export const DETAIL_LABELS = {
  missingKey: '缺少记录编号',
  notFound: '记录不存在或无权查看',
  backToList: '返回列表',
  log: '操作日志',
  noLog: '暂无日志',
  operator: (name: string) => `操作人：${name}`,
} as const;

export const EXPORT_LABELS = {
  export: '导出',
  queued: '导出任务已提交',
  where: '导出在后台进行，完成后可在「导出记录」中下载文件。',
  open: '查看导出记录',
} as const;

/** The address form (components/address): a receiver, a region and a street address. */
export const ADDRESS_LABELS = {
  receiver: '收货人',
  phone: '手机号',
  region: '所在地区',
  regionPlaceholder: '请选择省/市/区',
  detail: '详细地址',
  receiverRequired: '请输入收货人',
  phoneRequired: '请输入收货人手机号',
  phoneInvalid: '手机号格式不正确',
  regionRequired: '请选择完整的省市区',
  detailRequired: '请输入详细地址',
} as const;

/** The member's consent code of every dialog that spends a member's points or money (docs/domain/points.md). */
export const MEMBER_CODE_LABELS = {
  code: '会员验证码',
  codePlaceholder: '会员收到的6位验证码',
  send: '发送验证码',
  resend: (seconds: number) => `${seconds}秒后重发`,
  sent: (phone: string) => `验证码已发送至会员手机 ${phone}`,
} as const;
