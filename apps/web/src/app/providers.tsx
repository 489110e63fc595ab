import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme } from 'antd';
// The ES build: `antd/locale/zh_CN` is CommonJS and pulls a second copy of the picker locales into the entry.
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, type ReactNode } from 'react';
import { usePhoneWidth } from '../components/use-phone-width';
import { useReducedMotion } from '../components/use-reduced-motion';
import { queryClient } from './query-client';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { buildTheme } from './theme';

/**
 * The text style antd `App` gives its root. `App` itself (themed notices) is mounted by the shell only
 * (shell/shell-notices.tsx), so that the login route does not load it.
 */
function TextRoot({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  const style = {
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
  };
  return <div style={style}>{children}</div>;
}

export function Providers({ children }: { children: ReactNode }) {
  // The saved theme colour (cookie) is applied from the first paint on (spec 2.4, 2.9).
  const color = useSettingsStore((state) => state.theme);
  const chosenSize = useAppStore((state) => state.size);
  // A 24 px control is too small for a finger: on a phone the small size becomes the middle one (32 px).
  const size = usePhoneWidth() && chosenSize === 'small' ? 'middle' : chosenSize;
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => buildTheme(color, { motion: !reducedMotion }), [color, reducedMotion]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} componentSize={size} wave={{ disabled: reducedMotion }}>
      <TextRoot>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </TextRoot>
    </ConfigProvider>
  );
}
