import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useShopStore } from '../../stores/shop-store';
import { MESSAGE_LABELS } from './labels';
import styles from './messages.module.css';
import { BADGE_MAX, useMessageStore } from './message-store';
import { useMessageCenterEvents } from './use-message-center-events';

// The drawer and its list load on the first opening: the shell chunk has a budget (docs/web-app.md).
const MessageCenterDrawer = lazy(() =>
  import('./center/message-center-drawer').then((m) => ({ default: m.MessageCenterDrawer })),
);

/** Spec 2.7: the bell with the unread badge (store selected only, at most 99+); a click opens the center. */
export function MessageBell() {
  useMessageCenterEvents();
  const unread = useMessageStore((state) => state.unreadTotal);
  const open = useMessageStore((state) => state.centerOpen);
  const hasStore = useShopStore((state) => state.shopInfo !== null);
  const [drawerLoaded, setDrawerLoaded] = useState(false);

  const openCenter = () => {
    setDrawerLoaded(true);
    useMessageStore.getState().openCenter();
  };

  return (
    <>
      <Button
        type="text"
        className={styles.bell}
        aria-label={MESSAGE_LABELS.center}
        data-testid="message-bell"
        data-unread={hasStore ? unread : 0}
        onClick={openCenter}
        icon={
          <Badge count={hasStore ? unread : 0} overflowCount={BADGE_MAX} size="small">
            <BellOutlined className={styles.bellIcon} />
          </Badge>
        }
      />
      {(drawerLoaded || open) && (
        <Suspense fallback={null}>
          <MessageCenterDrawer />
        </Suspense>
      )}
    </>
  );
}
