import { AUTH_PATHS, type MenuNode } from '@console/contract';
import { prefetchLastStore } from '../features/stores/last-store-request';
import { http } from '../lib/http';
import { notify } from '../lib/notify';
import { useSessionStore } from '../stores/session-store';
import { useShopStore } from '../stores/shop-store';
import type { GuardDeps } from './guard';
import { APP_LABELS } from './labels';

/** Time for the failure toast to be read before the page reloads. */
const RELOAD_DELAY_MS = 1500;

/** Several navigations in a row share one request instead of each starting their own. */
function shared<T>(task: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= task().finally(() => {
      pending = null;
    }));
}

const loadUserInfo = shared(async () => {
  // The guard reports this failure itself, 401 included.
  const [info, { userInfoSchema }] = await Promise.all([
    http.get<unknown>(AUTH_PATHS.info, { flags: { silent: true, ignore401: true } }),
    import('./session-schemas'),
  ]);
  useSessionStore.getState().setUserInfo(userInfoSchema.parse(info));
});

async function onUserInfoFailed(): Promise<void> {
  notify.error(APP_LABELS.userInfoFailed);
  await useSessionStore.getState().logout();
  window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  return new Promise<void>(() => {});
}

/** The guard's dependencies; `installMenus` turns the tree into routes (app/router.tsx). */
export function sessionLoaders(installMenus: (menus: MenuNode[]) => Promise<void>): GuardDeps {
  let loadedAt = 0;
  let prefetched: Promise<unknown> | null = null;
  const requestMenus = () => http.get<unknown>(AUTH_PATHS.menus, { flags: { silent: true } });
  const prefetchMenus = () => {
    prefetched ??= requestMenus();
    // Unread when the user info fails (the guard signs out): no unhandled rejection.
    prefetched.catch(() => {});
  };
  const fetchMenus = async () => {
    const request = prefetched ?? requestMenus();
    prefetched = null;
    const [tree, { menuTreeSchema }] = await Promise.all([request, import('./session-schemas')]);
    await installMenus(menuTreeSchema.parse(tree));
    loadedAt = Date.now();
  };
  const loadMenus = shared(async () => {
    try {
      await fetchMenus();
      useSessionStore.getState().setMenusLoaded(true);
      return true;
    } catch {
      notify.error(APP_LABELS.menusFailed);
      return false;
    }
  });
  // The roles carry the button permissions: both are read again, and the page's buttons follow.
  const refresh = shared(async () => {
    try {
      await Promise.all([loadUserInfo(), fetchMenus()]);
    } catch {
      // Kept as they were; a signed-out session shows at the next request.
    }
  });
  const refreshIfOlder = (maxAgeMs: number) => {
    if (useSessionStore.getState().menusLoaded && Date.now() - loadedAt >= maxAgeMs) void refresh();
  };
  // Spec 4.2: with no store selected, the shell's start-up asks for the last-used one first.
  const prefetchStartup = () => {
    const userId = useSessionStore.getState().user?.id;
    if (userId !== undefined && !useShopStore.getState().shopInfo) prefetchLastStore(userId);
  };
  return {
    session: () => useSessionStore.getState(),
    loadUserInfo,
    onUserInfoFailed,
    loadMenus,
    prefetchMenus,
    prefetchStartup,
    refreshIfOlder,
  };
}
