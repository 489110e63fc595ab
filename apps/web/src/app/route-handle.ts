import type { UIMatch } from 'react-router';

/** What routes carry in `handle`; the shell (tabs, breadcrumb) reads the same fields. */
export type RouteHandle = {
  title?: string;
  /** The route name of the menu (eladmin `name`), used for named navigation and cached tabs. */
  name?: string;
  noCache?: boolean;
  /** A pinned tab. */
  affix?: boolean;
};

export function routeHandle(match: UIMatch): RouteHandle {
  const handle = match.handle;
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};
}

/** The title of the deepest matched route that has one. */
export function currentTitle(matches: readonly UIMatch[]): string | undefined {
  return matches.map(routeHandle).findLast((handle) => handle.title)?.title;
}
