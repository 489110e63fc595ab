import type { MenuNode } from './auth.js';

/**
 * Where the pages of a menu tree live: the web app builds its routes from them and the server tells a page that
 * exists (outside the caller's menu: 403) from a path that does not (404). No schemas here, so the shell's
 * bundle can use it.
 */

/** "Layout" is the main frame and "ParentView" a pass-through; both only group their children (spec 2.1). */
const CONTAINERS = new Set(['Layout', 'ParentView']);
const EXTERNAL = /^(?:https?:|mailto:|tel:)/i;

export function isContainer(node: MenuNode): boolean {
  return CONTAINERS.has(node.component);
}

/** True for http:, https:, mailto: and tel: links (case-insensitive, surrounding blanks ignored). */
export function isExternalPath(path: string | null | undefined): boolean {
  return typeof path === 'string' && EXTERNAL.test(path.trim());
}

export function joinPath(parent: string, child: string): string {
  const joined = child.startsWith('/') ? child : `${parent}/${child}`;
  const normalised = `/${joined}`.replace(/\/{2,}/g, '/');
  return normalised.length > 1 ? normalised.replace(/\/$/, '') : normalised;
}

export type MenuPage = { path: string; node: MenuNode };

/** Every page of the tree with its full path, containers flattened away, external links left out. */
export function menuPages(nodes: readonly MenuNode[], parentPath = '/'): MenuPage[] {
  return nodes.flatMap((node) => {
    if (isExternalPath(node.path)) return [];
    const path = joinPath(parentPath, node.path);
    const children = menuPages(node.children ?? [], path);
    return isContainer(node) ? children : [{ path, node }, ...children];
  });
}
