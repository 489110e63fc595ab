import type { MenuIconName } from '@console/contract';
import type { ComponentType } from 'react';
import * as MENU_ICONS from './menu-icons';

// Every icon the contract lists (the 菜单管理 picker, the server's check) is drawn: the type says so.
const LISTED: Readonly<Record<MenuIconName, ComponentType>> = MENU_ICONS;
const ICONS: Readonly<Record<string, ComponentType | undefined>> = LISTED;

/** A top-level menu entry's icon by its antd icon name; an unknown name gets a neutral icon. */
export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || MENU_ICONS.AppstoreOutlined;
  return <Icon />;
}
