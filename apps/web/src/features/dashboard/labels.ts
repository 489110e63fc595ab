export const DASHBOARD_LABELS = {
  greeting(hour: number): string {
    if (hour < 6) return '夜深了';
    if (hour < 11) return '早上好';
    if (hour < 13) return '中午好';
    if (hour < 18) return '下午好';
    return '晚上好';
  },
  welcome: '欢迎使用门店运营云平台',
  today: (date: string) => `今天是 ${date}`,
  dateFormat: 'YYYY年M月D日 dddd',
  currentStore: (name: string) => `当前门店：${name}`,
  noStore: '请选择门店！',
  noStoreHint: '选择门店后即可查看该门店今日待办和近期经营数据。',
  counts: {
    ordersToGrab: '待抢订单',
    ordersToShip: '待发货订单',
    unreadMessages: '未读消息',
    pendingAudits: '待审核',
  },
  noSource: '—',
  noSourceHint: '该功能即将上线',
  viewList: '查看列表',
  trend: '经营趋势',
  ranges: { 7: '近7天', 30: '近30天' },
  metrics: { orders: '订单数', salesCents: '销售额', newMembers: '新增会员' },
  chartTitle: (metric: string, days: number) => `近${days}天${metric}`,
  chartDesc: (metric: string, total: string) => `合计${metric}${total}`,
  tableDay: '日期',
  loading: '加载中…',
  empty: '暂无数据',
  loadFailed: '数据加载失败',
  retry: '重新加载',
  yuan: (text: string) => `¥${text}`,
  tenThousand: (text: string) => `${text}万`,
} as const;
