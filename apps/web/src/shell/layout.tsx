import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout as AntLayout } from 'antd';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { APP_LABELS } from '../app/labels';
import { SIDEBAR_WIDTH } from '../app/theme';
import { BrandMark } from '../components/brand-mark';
import styles from './layout.module.css';
import { SidebarMenu } from './sidebar-menu';
import { SHELL_LABELS } from './labels';
import { UserMenu } from './user-menu';

/**
 * The main frame ("Layout" in the server menu): dark sidebar, header, page outlet.
 * A placeholder for the full shell (tabs, breadcrumb, store switcher, messages) of spec 2.4 to 2.14.
 */
export function Layout() {
  const [collapsed, setCollapsed] = useState(false);
  // Below 992 px (antd `lg`, spec 9) the sidebar folds away completely.
  const [mobile, setMobile] = useState(false);

  return (
    <AntLayout className={styles.root}>
      <AntLayout.Sider
        className={styles.sider}
        width={SIDEBAR_WIDTH}
        collapsedWidth={mobile ? 0 : 64}
        breakpoint="lg"
        onBreakpoint={setMobile}
        collapsible
        collapsed={collapsed}
        onCollapse={setCollapsed}
        trigger={null}
      >
        <Link to="/" className={styles.logo} aria-label={APP_LABELS.productName}>
          <BrandMark size={28} />
          {!collapsed && <span>{APP_LABELS.productName}</span>}
        </Link>
        <SidebarMenu />
      </AntLayout.Sider>
      <AntLayout>
        <AntLayout.Header className={styles.header}>
          <Button
            type="text"
            size="middle"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? SHELL_LABELS.expandMenu : SHELL_LABELS.collapseMenu}
            onClick={() => setCollapsed(!collapsed)}
          />
          <UserMenu />
        </AntLayout.Header>
        <AntLayout.Content className={styles.content}>
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
