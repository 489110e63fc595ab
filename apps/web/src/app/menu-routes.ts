import type { MenuNode } from '@console/contract';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { isExternal } from '../lib/format/link';
import type { RouteHandle } from './route-handle';

export type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;
/** Menu component name → page module. */
export type PageRegistry = Readonly<Record<string, PageLoader>>;

/** "Layout" is the main frame and "ParentView" a pass-through; both only group their children (spec 2.1). */
const CONTAINERS = new Set(['Layout', 'ParentView']);

export function isContainer(node: MenuNode): boolean {
  return CONTAINERS.has(node.component);
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
    if (isExternal(node.path)) return [];
    const path = joinPath(parentPath, node.path);
    const children = menuPages(node.children ?? [], path);
    return isContainer(node) ? children : [{ path, node }, ...children];
  });
}

/** Containers with a path of their own: visiting it opens its first page instead of a blank frame. */
function containerRedirects(
  nodes: readonly MenuNode[],
  parentPath = '/',
): { path: string; target: string }[] {
  return nodes.flatMap((node) => {
    if (isExternal(node.path)) return [];
    const path = joinPath(parentPath, node.path);
    const nested = containerRedirects(node.children ?? [], path);
    if (!isContainer(node)) return nested;
    const first = menuPages(node.children ?? [], path).find((page) => !page.node.hidden) ?? null;
    return first && first.path !== path ? [{ path, target: first.path }, ...nested] : nested;
  });
}

/**
 * Routes for the main frame from the server menu: one lazy page per menu page, looked up in `registry`
 * by component name; an unknown name gets `fallback` (the coming-soon page) so no route is ever blank.
 */
export function menuRoutes(
  menus: readonly MenuNode[],
  registry: PageRegistry,
  fallback: PageLoader,
): RouteObject[] {
  const taken = new Set<string>();
  const pages: RouteObject[] = [];
  for (const { path, node } of menuPages(menus)) {
    if (taken.has(path)) continue;
    taken.add(path);
    const handle: RouteHandle = { title: node.meta.title, name: node.name, noCache: node.meta.noCache };
    pages.push({ path, lazy: registry[node.component] ?? fallback, handle });
  }
  const redirects: RouteObject[] = [];
  for (const { path, target } of containerRedirects(menus)) {
    if (taken.has(path)) continue;
    taken.add(path);
    redirects.push({ path, loader: () => redirect(target) });
  }
  return [...pages, ...redirects];
}
