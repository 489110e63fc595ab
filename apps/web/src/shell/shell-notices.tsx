import { App } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { bindNotifier } from '../lib/notify';

/** Hands antd's themed message/notification/modal instances to `lib/notify`. */
function NotifierBridge() {
  const { message, notification, modal } = App.useApp();
  useEffect(() => bindNotifier({ message, notification, modal }), [message, notification, modal]);
  return null;
}

/**
 * antd `App` (themed notices) for the signed-in frame only: outside it (login, error pages) `notify` shows
 * antd's static notices, loaded on first use, which keeps `App` off the login route (docs/web-app.md, "Bundle
 * budget"). No wrapper element: the root provider already sets the text style `App` would.
 */
export function ShellNotices({ children }: { children: ReactNode }) {
  return (
    <App component={false} message={{ maxCount: 3 }}>
      <NotifierBridge />
      {children}
    </App>
  );
}
