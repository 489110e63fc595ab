import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openExternalLink } from '../lib/external-link';
import { isExternal } from '../lib/format/link';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { MenuIcon } from './menu-icon';
import { openKeysFor, sidebarItems, type SidebarItem } from './menu-items';
import { SHELL_LABELS } from './labels';

type MenuItem = Required<MenuProps>['items'][number];

/** Only top-level entries carry an icon; nested ones are indented text, as in the spec's sidebar. */
function toMenuItems(items: readonly SidebarItem[], topLevel: boolean): MenuItem[] {
  return items.map((item) => ({
    key: item.key,
    label: item.label,
    icon: topLevel ? <MenuIcon name={item.icon} /> : undefined,
    children: item.children ? toMenuItems(item.children, false) : undefined,
  }));
}

/** The server menu as a dark antd Menu, preceded by 首页 (spec 2.1, 2.6). */
export function SidebarMenu() {
  const menus = useMenuStore((state) => state.menus);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => sidebarItems(menus), [menus]);
  const menuItems = useMemo<MenuItem[]>(
    () => [
      { key: '/dashboard', label: SHELL_LABELS.home, icon: <HomeOutlined /> },
      ...toMenuItems(items, true),
    ],
    [items],
  );
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(items, pathname));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) openExternalLink(key, useSessionStore.getState().token);
    else navigate(key);
  };

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={menuItems}
      selectedKeys={[pathname]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={onClick}
    />
  );
}
