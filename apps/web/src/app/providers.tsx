import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier } from '../lib/notify';
import { queryClient } from './query-client';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's themed message/notification/modal instances to `lib/notify`. */
function NotifierBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => bindNotifier({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize="small">
      <App message={{ maxCount: 3 }}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
