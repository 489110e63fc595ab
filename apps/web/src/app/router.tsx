import { NOTICE_READER_PATH, NOTICE_READER_ROUTE, type MenuNode } from '@console/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { createGuard, REFRESH_ON_FOCUS_MS } from './guard';
import { PageErrorBoundary, RouteErrorPage } from './lazy-error-boundaries';
import type { PageLoader } from './menu-routes';
import { HomeRedirect, NotFoundRedirect, RedirectPage } from './redirect-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';
import { sessionLoaders } from './session-loaders';
import { APP_LABELS } from './labels';

/** The main-frame route; menu routes are patched in as its children once the menu has loaded. */
export const FRAME_ROUTE_ID = 'frame';

function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => ({ Component: pick(await load()) });
}

const errorPages = () => import('../features/errors/error-pages');
const comingSoon = lazyPage(
  () => import('../features/errors/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

function page(path: string, load: PageLoader, handle: RouteHandle): RouteObject {
  return { path, lazy: load, handle, ErrorBoundary: PageErrorBoundary };
}

function staticRoutes(guard: ReturnType<typeof createGuard>): RouteObject[] {
  return [
    {
      id: 'root',
      loader: guard,
      // The guard is a "before each" hook: it runs on every navigation, not only when params change.
      shouldRevalidate: () => true,
      Component: RootLayout,
      HydrateFallback: PageLoading,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          path: '/login',
          lazy: lazyPage(
            () => import('../features/auth/login-page'),
            (m) => m.LoginPage,
          ),
          handle: { title: APP_LABELS.login },
        },
        { path: '/401', lazy: lazyPage(errorPages, (m) => m.UnauthorizedPage), handle: { title: '401' } },
        { path: '/403', lazy: lazyPage(errorPages, (m) => m.ForbiddenPage), handle: { title: '403' } },
        { path: '/404', lazy: lazyPage(errorPages, (m) => m.NotFoundPage), handle: { title: '404' } },
        { path: '/500', lazy: lazyPage(errorPages, (m) => m.ServerErrorPage), handle: { title: '500' } },
        {
          path: '/repair',
          lazy: lazyPage(errorPages, (m) => m.RepairPage),
          handle: { title: APP_LABELS.repair },
        },
        { index: true, Component: HomeRedirect },
        {
          id: FRAME_ROUTE_ID,
          lazy: lazyPage(
            () =>
              Promise.all([import('../shell/layout'), import('./dayjs-locale')]).then(([layout]) => layout),
            (m) => m.Layout,
          ),
          children: [
            page(
              '/dashboard',
              lazyPage(
                () => import('../features/dashboard/dashboard-page'),
                (m) => m.DashboardPage,
              ),
              {
                title: APP_LABELS.home,
                name: 'Dashboard',
                affix: true,
                noCache: true,
              },
            ),
            page(
              '/user/center',
              lazyPage(
                () => import('../features/user/user-center-page'),
                (m) => m.UserCenterPage,
              ),
              {
                title: APP_LABELS.personalCenter,
                name: 'personCenter',
              },
            ),
            // A notice's message opens its text for every addressee, whatever their menu holds.
            page(
              NOTICE_READER_PATH,
              lazyPage(
                () => import('../features/announcements/notice-reader-page'),
                (m) => m.NoticeReaderPage,
              ),
              { title: APP_LABELS.noticeReader, name: NOTICE_READER_ROUTE, noCache: true },
            ),
            // A message target whose page the menu does not have yet (spec 2.15).
            page('/coming-soon', comingSoon, { title: APP_LABELS.comingSoon, noCache: true }),
            { path: '/redirect/*', Component: RedirectPage },
          ],
        },
        // Ranked last by the router whatever the order, so a deep link matches its menu route once patched in.
        {
          path: '*',
          lazy: () => import('./unknown-path').then((m) => ({ loader: m.unknownPathLoader })),
          Component: NotFoundRedirect,
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

const loadMenuRouting = () => Promise.all([import('./menu-routes'), import('./page-registry')]);
let routing: ReturnType<typeof loadMenuRouting> | undefined;
/**
 * Every page's loader (and Vite's list of each one's chunks) is only needed once signed in: kept out of the
 * entry, so the login page does not download it. Loaded once, from the start when a session exists.
 */
function menuRouting() {
  routing ??= loadMenuRouting();
  return routing;
}

export function createAppRouter(): AppRouter {
  const ref: { router?: AppRouter } = {};
  if (useSessionStore.getState().token) void menuRouting();
  // A route patched in once stays (the router keeps it); its handle is updated in place when the menu reloads.
  const handles = new Map<string, RouteHandle>();
  const installMenus = async (menus: MenuNode[]) => {
    const [{ menuRoutes }, { pageRegistry }] = await menuRouting();
    useMenuStore.getState().setMenus(menus);
    const routes = menuRoutes(menus, pageRegistry, comingSoon).map((route) => {
      const known = route.path ? handles.get(route.path) : undefined;
      if (known && route.handle) Object.assign(known, route.handle);
      else if (route.path && route.handle) handles.set(route.path, route.handle as RouteHandle);
      return { ...route, handle: known ?? route.handle, ErrorBoundary: PageErrorBoundary };
    });
    ref.router?.patchRoutes(FRAME_ROUTE_ID, routes);
  };
  const loaders = sessionLoaders(installMenus);
  // Back in the window after a while: what head office changed meanwhile shows (the guard does it on navigation).
  window.addEventListener('focus', () => loaders.refreshIfOlder?.(REFRESH_ON_FOCUS_MS));
  // The guard first needs the router after an awaited fetch, by which time `ref.router` is set.
  ref.router = createBrowserRouter(staticRoutes(createGuard(loaders)));
  return ref.router;
}
