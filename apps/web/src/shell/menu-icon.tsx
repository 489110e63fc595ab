import type { ComponentType } from 'react';
import * as MENU_ICONS from './menu-icons';

const ICONS: Readonly<Record<string, ComponentType | undefined>> = MENU_ICONS;

/** A top-level menu entry's icon by its antd icon name; an unknown name gets a neutral icon. */
export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name]) || MENU_ICONS.AppstoreOutlined;
  return <Icon />;
}
