import { isContainer, joinPath, type MenuNode } from '@console/contract';
import { isExternal } from '../lib/format/link';

/** A sidebar entry; `key` is the full route path, or the URL of an external link. */
export type SidebarItem = {
  key: string;
  label: string;
  icon: string | null;
  external: boolean;
  children?: SidebarItem[];
};

function visibleChildren(node: MenuNode): MenuNode[] {
  return (node.children ?? []).filter((child) => !child.hidden);
}

/**
 * The sidebar's view of the menu tree (spec 2.6): hidden nodes left out; a node with one visible leaf child
 * shows that child alone, unless the node is `alwaysShow`.
 */
export function sidebarItems(nodes: readonly MenuNode[], parentPath = '/'): SidebarItem[] {
  return nodes
    .filter((node) => !node.hidden)
    .flatMap((node): SidebarItem[] => {
      const base = { label: node.meta.title, icon: node.meta.icon };
      if (isExternal(node.path)) return [{ ...base, key: node.path, external: true }];
      const path = joinPath(parentPath, node.path);
      const children = visibleChildren(node);
      if (children.length === 0) return isContainer(node) ? [] : [{ ...base, key: path, external: false }];

      const only = children.length === 1 ? children[0] : undefined;
      if (only && visibleChildren(only).length === 0 && !node.alwaysShow) {
        return sidebarItems([only], path).map((item) => ({ ...item, icon: item.icon ?? node.meta.icon }));
      }
      return [{ ...base, key: path, external: false, children: sidebarItems(children, path) }];
    });
}

/** Keys of the sub-menus that lead to `selectedKey`, outermost first. */
export function openKeysFor(items: readonly SidebarItem[], selectedKey: string): string[] {
  for (const item of items) {
    if (!item.children) continue;
    if (item.children.some((child) => child.key === selectedKey)) return [item.key];
    const nested = openKeysFor(item.children, selectedKey);
    if (nested.length > 0) return [item.key, ...nested];
  }
  return [];
}
