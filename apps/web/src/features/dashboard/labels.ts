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
  hint: '请通过左侧菜单进入各项业务功能。',
} as const;
