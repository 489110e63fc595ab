import { HomeOutlined } from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openExternalLink } from '../lib/external-link';
import { isExternal } from '../lib/format/link';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { useSettingsStore } from '../stores/settings-store';
import { MenuIcon } from '../components/menu-icon';
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

function isAncestor(key: string, of: string): boolean {
  return of.startsWith(`${key}/`);
}

/** The server menu as a dark antd Menu, preceded by 首页 (spec 2.1, 2.6). */
export function SidebarMenu({ collapsed = false }: { collapsed?: boolean }) {
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
  const uniqueOpened = useSettingsStore((state) => state.uniqueOpened);
  const [openKeys, setOpenKeys] = useState(() => openKeysFor(items, pathname));
  // The active entry follows the route: its sub-menus open when the page changes (or the menu arrives). A menu
  // reloaded in the background on the same page keeps what the user opened, 菜单只展开一项 or not.
  const [shownFor, setShownFor] = useState({ pathname, items });
  if (shownFor.pathname !== pathname || shownFor.items !== items) {
    const pageChanged = shownFor.pathname !== pathname;
    setShownFor({ pathname, items });
    const needed = openKeysFor(items, pathname);
    setOpenKeys((keys) => (uniqueOpened && pageChanged ? needed : [...new Set([...keys, ...needed])]));
  }

  const onOpenChange = (keys: string[]) => {
    const latest = keys.find((key) => !openKeys.includes(key));
    // 菜单只展开一项: opening a sub-menu closes the others except its own ancestors.
    setOpenKeys(
      uniqueOpened && latest ? keys.filter((key) => latest === key || isAncestor(key, latest)) : keys,
    );
  };

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
      // Folded, the sub-menus are pop-ups that antd opens on hover.
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      onClick={onClick}
    />
  );
}
