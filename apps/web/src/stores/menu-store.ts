import type { MenuNode } from '@console/contract';
import { create } from 'zustand';

/** The server menu tree (spec 2.1) as the sidebar shows it; the router gets a flattened copy. */
type MenuState = { menus: MenuNode[]; setMenus(menus: MenuNode[]): void };

export const useMenuStore = create<MenuState>()((set) => ({
  menus: [],
  setMenus: (menus) => set({ menus }),
}));
