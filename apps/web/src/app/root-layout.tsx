import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { useTagsStore } from '../stores/tags-store';
import { currentTitle } from './route-handle';
import { APP_LABELS, pageTitle } from './labels';

function useDocumentTitle() {
  const { pathname, search, hash } = useLocation();
  const recordTitle = useTagsStore((state) => state.viewTitles[`${pathname}${search}${hash}`]);
  const routeTitle = currentTitle(useMatches());
  const title = recordTitle ?? routeTitle;
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

/** Spec 2.1: every route change starts at the top. */
function useScrollToTop() {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);
}

/** A thin bar while a lazy page or the guard is loading. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return busy ? (
    <div className="navigation-progress" role="progressbar" aria-label={APP_LABELS.pageLoading} />
  ) : null;
}

export function RootLayout() {
  useDocumentTitle();
  useScrollToTop();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
