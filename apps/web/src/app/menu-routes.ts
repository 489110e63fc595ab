import { isContainer, isExternalPath, joinPath, menuPages, type MenuNode } from '@console/contract';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

export type PageModule = { Component: ComponentType };
export type PageLoader = () => Promise<PageModule>;
/** Menu component name → page module. */
export type PageRegistry = Readonly<Record<string, PageLoader>>;

/** Containers with a path of their own: visiting it opens its first page instead of a blank frame. */
function containerRedirects(
  nodes: readonly MenuNode[],
  parentPath = '/',
): { path: string; target: string }[] {
  return nodes.flatMap((node) => {
    if (isExternalPath(node.path)) return [];
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
