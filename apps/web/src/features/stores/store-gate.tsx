import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useShopStore } from '../../stores/shop-store';
import styles from './stores.module.css';
import { HOME_PATH } from './use-switch-store';

// antd Result is needed only while no store is selected: not part of the shell's first paint.
const StoreGateNotice = lazy(() =>
  import('./store-gate-notice').then((m) => ({ default: m.StoreGateNotice })),
);

/** Pages that work without a store; every other page needs one (spec: main content only on /dashboard). */
export function needsStore(pathname: string): boolean {
  return pathname !== HOME_PATH && pathname !== '/';
}

/** Shows the pages only on 首页 or once a store is selected; otherwise 请先选择门店 with a way to choose. */
export function StoreGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const selected = useShopStore((state) => state.shopInfo !== null);
  if (selected || !needsStore(pathname)) return children;
  return (
    <div className={styles.gate} data-testid="store-gate">
      <Suspense fallback={null}>
        <StoreGateNotice />
      </Suspense>
    </div>
  );
}
