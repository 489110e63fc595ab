import type { MenuNode } from '@console/contract';

export const MENU_TYPE = { directory: 0, page: 1, button: 2 } as const;

export type MenuRow = {
  id: number;
  parentId: number | null;
  type: number;
  title: string;
  name: string | null;
  path: string;
  component: string | null;
  icon: string | null;
  sort: number;
  hidden: boolean;
  noCache: boolean;
  external: boolean;
};

const bySortThenId = (a: MenuRow, b: MenuRow) => a.sort - b.sort || a.id - b.id;
const withoutLeadingSlashes = (path: string) => path.replace(/^\/+/, '');

/**
 * The menu tree in eladmin's route shape (spec 2.1), from the rows a user may see. Buttons are never routes;
 * a row whose parent is not among the rows is dropped, and so is a directory left without children.
 * A top-level page is wrapped in a Layout node with one `index` child, as eladmin does, so every top-level
 * node is the main frame.
 */
export function buildMenuTree(rows: readonly MenuRow[]): MenuNode[] {
  const routes = rows.filter((row) => row.type !== MENU_TYPE.button);
  const childrenOf = new Map<number | null, MenuRow[]>();
  for (const row of routes) {
    const siblings = childrenOf.get(row.parentId) ?? [];
    siblings.push(row);
    childrenOf.set(row.parentId, siblings);
  }

  const build = (parentId: number | null, topLevel: boolean): MenuNode[] =>
    (childrenOf.get(parentId) ?? [])
      .slice()
      .sort(bySortThenId)
      .flatMap((row) => {
        const node = toNode(row, topLevel, build(row.id, false));
        return node ? [node] : [];
      });

  return build(null, true);
}

function toNode(row: MenuRow, topLevel: boolean, children: MenuNode[]): MenuNode | null {
  const isDirectory = row.type === MENU_TYPE.directory;
  if (isDirectory && children.length === 0) return null;

  const path = row.external
    ? row.path
    : topLevel
      ? `/${withoutLeadingSlashes(row.path)}`
      : withoutLeadingSlashes(row.path);
  const meta = { title: row.title, icon: row.icon ?? null, noCache: row.noCache };
  const component = isDirectory
    ? topLevel
      ? 'Layout'
      : 'ParentView'
    : row.external
      ? ''
      : (row.component ?? row.name ?? '');
  const node: MenuNode = {
    name: row.name ?? row.title,
    path,
    hidden: row.hidden,
    redirect: null,
    component,
    alwaysShow: null,
    meta,
  };

  if (children.length > 0) return { ...node, redirect: 'noredirect', alwaysShow: true, children };
  if (!topLevel) return node;
  return {
    name: '',
    path,
    hidden: row.hidden,
    redirect: null,
    component: 'Layout',
    alwaysShow: null,
    meta,
    children: [{ ...node, path: row.external ? row.path : 'index' }],
  };
}
