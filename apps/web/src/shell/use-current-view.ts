import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { routeHandle } from '../app/route-handle';
import { useTagsStore, type TagView } from '../stores/tags-store';

/** The tab view of the current page, or null for routes that are no page of their own (/redirect). */
export function useCurrentView(): TagView | null {
  const location = useLocation();
  const leaf = useMatches().at(-1);
  if (!leaf || location.pathname.startsWith('/redirect/')) return null;
  const handle = routeHandle(leaf);
  if (!handle.title) return null;
  return {
    path: location.pathname,
    fullPath: `${location.pathname}${location.search}${location.hash}`,
    title: handle.title,
    name: handle.name,
    affix: handle.affix,
    noCache: handle.noCache,
  };
}

/** Adds the current page to the visited views (spec 4.7), whether or not the tag bar is shown. */
export function useTrackVisitedView(): void {
  const current = useCurrentView();
  const fullPath = current?.fullPath;
  const title = current?.title;
  const viewRef = current;
  useEffect(() => {
    if (viewRef) useTagsStore.getState().addView(viewRef);
    // The view is new exactly when its full path or title is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullPath, title]);
}
