import { joinPath, type MenuNode } from '@console/contract';
import { isExternal } from '../lib/format/link';

/** One step of the trail: a menu node or a matched route. */
export type CrumbSource = {
  path: string;
  title?: string;
  /** `false` hides the step from the breadcrumb. */
  breadcrumb?: boolean;
  /** `'noredirect'` makes the step plain text. */
  redirect?: string | null;
};

export type Crumb = { path: string; title: string; link: boolean };

export const HOME_PATH = '/dashboard';

/** The menu nodes leading to `pathname`, outermost first; empty when the menu does not know the path. */
export function menuTrail(nodes: readonly MenuNode[], pathname: string, parentPath = '/'): CrumbSource[] {
  for (const node of nodes) {
    if (isExternal(node.path)) continue;
    const path = joinPath(parentPath, node.path);
    const step: CrumbSource = { path, title: node.meta.title, redirect: node.redirect };
    if (path === pathname) return [step];
    const below = menuTrail(node.children ?? [], pathname, path);
    if (below.length > 0) return [step, ...below];
  }
  return [];
}

/**
 * Spec 2.5: 首页 first, then every step with a title that is not hidden; the last crumb and any
 * no-redirect crumb are plain text.
 */
export function buildBreadcrumbs(trail: readonly CrumbSource[], homeTitle: string): Crumb[] {
  const steps = trail.filter((step) => step.title && step.breadcrumb !== false && step.path !== HOME_PATH);
  const crumbs = [
    { path: HOME_PATH, title: homeTitle, redirect: null as string | null | undefined },
    ...steps.map((step) => ({ path: step.path, title: step.title ?? '', redirect: step.redirect })),
  ];
  return crumbs.map((crumb, index) => ({
    path: crumb.path,
    title: crumb.title,
    link: index < crumbs.length - 1 && crumb.redirect !== 'noredirect',
  }));
}
