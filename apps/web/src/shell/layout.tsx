import { Layout as AntLayout } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { APP_LABELS } from '../app/labels';
import { SIDEBAR_WIDTH } from '../app/theme';
import { BrandMark } from '../components/brand-mark';
import { StoreGate } from '../features/stores/store-gate';
import { StoreStartup } from '../features/stores/store-startup';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { useShopStore } from '../stores/shop-store';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { SettingsDrawer } from './settings-drawer';
import { ShellNotices } from './shell-notices';
import { useResponsiveSidebar } from './shell-hooks';
import styles from './shell.module.css';
import { SidebarMenu } from './sidebar-menu';
import { TagsBar } from './tags-bar';
import { usePhoneWidth } from '../components/use-phone-width';
import { useTrackVisitedView } from './use-current-view';

const COLLAPSED_WIDTH = 54;

// A background check (spec 4.4) whose API validates with zod: not needed for the frame's first paint.
const StoreInfoGate = lazy(() =>
  import('../features/store-info/store-info-gate').then((m) => ({ default: m.StoreInfoGate })),
);

// The message broadcast (spec 4.6): long poll, pop-up cards and sounds, only while a store is selected.
const BroadcastHost = lazy(() =>
  import('../features/messages/broadcast/broadcast-host').then((m) => ({ default: m.BroadcastHost })),
);

/**
 * The main frame ("Layout" in the server menu, spec 2.4): dark collapsible sidebar with an optional logo,
 * header, tag bar, the kept-alive pages with an optional footer, and the settings drawer.
 */
export function Layout() {
  useResponsiveSidebar();
  useTrackVisitedView();
  const opened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const { tagsView, fixedHeader, sidebarLogo } = useSettingsStore();
  // A phone has no room for a second bar: pages are reached through the drawer menu there.
  const phone = usePhoneWidth();
  const storeSelected = useShopStore((state) => state.shopInfo !== null);
  const collapsed = !opened;

  const rootClass = [styles.root, fixedHeader ? styles.fixedHeader : '', mobile ? styles.mobile : '']
    .filter(Boolean)
    .join(' ');
  return (
    <ShellNotices>
      <AntLayout className={rootClass} hasSider data-testid="shell">
        {mobile && opened && (
          <div
            className={styles.mask}
            onClick={() => useAppStore.getState().closeSidebar()}
            aria-hidden="true"
          />
        )}
        <AntLayout.Sider
          className={styles.sider}
          width={SIDEBAR_WIDTH}
          collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          data-testid="sidebar"
          data-opened={opened ? 'true' : 'false'}
        >
          {sidebarLogo && (
            <Link to="/" className={styles.logo} aria-label={APP_LABELS.productName}>
              <BrandMark size={28} />
              {!collapsed && <span>{APP_LABELS.productName}</span>}
            </Link>
          )}
          <div className={styles.menuScroll}>
            <SidebarMenu collapsed={collapsed} />
          </div>
        </AntLayout.Sider>
        <AntLayout className={styles.main}>
          <header className={styles.header}>
            <AppHeader />
            {tagsView && !phone && <TagsBar />}
            {/* Here a phone's one-line pop-up banner pushes the page down instead of covering it. */}
            {storeSelected && (
              <Suspense fallback={null}>
                <BroadcastHost />
              </Suspense>
            )}
          </header>
          <main className={styles.content}>
            <StoreGate>
              <KeepAliveOutlet footer={<AppFooter />} />
            </StoreGate>
          </main>
        </AntLayout>
        <SettingsDrawer />
        <StoreStartup />
        <Suspense fallback={null}>
          <StoreInfoGate />
        </Suspense>
      </AntLayout>
    </ShellNotices>
  );
}
