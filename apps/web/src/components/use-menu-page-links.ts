import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { menuPages } from '../app/menu-routes';
import { useMenuStore } from '../stores/menu-store';

/** The route of a menu page by its server name with a query, or null when the user's menu has no such page. */
export function pageHref(
  pages: readonly { path: string; name: string | undefined }[],
  name: string,
  query: Record<string, string> = {},
): string | null {
  const page = pages.find((candidate) => candidate.name === name);
  if (!page) return null;
  const search = new URLSearchParams(query).toString();
  return search ? `${page.path}?${search}` : page.path;
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
    (name: string, query?: Record<string, string>) =>
      pageHref(
        menuPages(menus).map((page) => ({ path: page.path, name: page.node.name })),
        name,
        query,
      ),
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
