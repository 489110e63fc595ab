import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, type ReactNode } from 'react';
import { bindNotifier } from '../lib/notify';
import { queryClient } from './query-client';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { buildTheme } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's themed message/notification/modal instances to `lib/notify`. */
function NotifierBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => bindNotifier({ message, notification, modal }), [message, notification, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  // The saved theme colour (cookie) is applied from the first paint on (spec 2.4, 2.9).
  const color = useSettingsStore((state) => state.theme);
  const size = useAppStore((state) => state.size);
  const theme = useMemo(() => buildTheme(color), [color]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize={size}>
      <App message={{ maxCount: 3 }}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
