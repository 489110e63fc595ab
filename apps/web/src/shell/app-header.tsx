import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StoreSwitcher } from '../features/stores/store-switcher';
import { useAppStore } from '../stores/app-store';
import { AiQuizEntry } from './ai-quiz-entry';
import { AppBreadcrumb } from './app-breadcrumb';
import { FullscreenButton } from './fullscreen-button';
import { HeaderSearch } from './header-search';
import { MessageBellSlot } from './header-slots';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';
import { UserMenu } from './user-menu';

/** Spec 2.7: hamburger and breadcrumb on the left; search, AI, messages, store, full screen, user right. */
export function AppHeader() {
  const opened = useAppStore((state) => state.sidebarOpened);
  const mobile = useAppStore((state) => state.device === 'mobile');
  return (
    <div className={styles.navbar}>
      <Button
        type="text"
        className={styles.hamburger}
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        aria-label={opened ? SHELL_LABELS.collapseMenu : SHELL_LABELS.expandMenu}
        aria-expanded={opened}
        data-testid="hamburger"
        onClick={() => useAppStore.getState().toggleSidebar()}
      />
      {!mobile && <AppBreadcrumb />}
      <div className={styles.rightMenu}>
        <HeaderSearch />
        <AiQuizEntry />
        <MessageBellSlot />
        <StoreSwitcher />
        {!mobile && <FullscreenButton />}
        <UserMenu />
      </div>
    </div>
  );
}
