import { menuPages, type MenuNode } from '@console/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useMenuStore } from '../stores/menu-store';

/** The route path of a menu page by its server name (spec 2.15), or null when the user's menu has no such page. */
export function menuPagePath(menus: readonly MenuNode[], name: string): string | null {
  return menuPages(menus).find((page) => page.node.name === name)?.path ?? null;
}

/** `path` with `query` as its search string (none when the query is empty). */
export function withQuery(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The links of a feature, narrowed to the menu names it uses. */
export type MenuPageLinks<Name extends string = string> = {
  href: (name: Name, query?: Record<string, string>) => string | null;
  open: (name: Name, query?: Record<string, string>) => void;
};

/** Opens menu pages by their server name (apps/server/src/db/seed/menu-tree.ts); a missing page does nothing. */
export function useMenuPageLinks(): MenuPageLinks {
  const menus = useMenuStore((state) => state.menus);
  const navigate = useNavigate();
  const href = useCallback(
    (name: string, query?: Record<string, string>) => {
      const path = menuPagePath(menus, name);
      return path === null ? null : withQuery(path, query);
    },
    [menus],
  );
  const open = useCallback(
    (name: string, query?: Record<string, string>) => {
      const to = href(name, query);
      if (to) void navigate(to);
    },
    [href, navigate],
  );
  return { href, open };
}
