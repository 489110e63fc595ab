import { redirect, type LoaderFunctionArgs } from 'react-router';

/**
 * How old the permissions and menu may be before a navigation reloads them in the background, and before
 * coming back to the window does: a role or menu head office changed shows without a new sign-in.
 */
export const REFRESH_ON_NAVIGATION_MS = 30_000;
export const REFRESH_ON_FOCUS_MS = 2_000;

/** Reachable without signing in (spec 2.2); /401 is deliberately not among them. */
export const WHITELIST: ReadonlySet<string> = new Set(['/login', '/403', '/404', '/500', '/repair']);
/** Error pages render on their own, so they must not depend on user info or menus: the server may be down. */
const STANDALONE_PAGES: ReadonlySet<string> = new Set(['/403', '/404', '/500', '/repair']);

export type GuardDeps = {
  session(): { token: string | null; roles: readonly string[]; menusLoaded: boolean };
  /** Fetches and stores user and roles; rejects on failure. */
  loadUserInfo(): Promise<void>;
  /** Reports, logs out and reloads; never settles in the browser. */
  onUserInfoFailed(): Promise<void>;
  /** Fetches the menu, installs its routes and marks menus loaded; false when it failed (already reported). */
  loadMenus(): Promise<boolean>;
  /**
   * Sends the menu request now, for `loadMenus` to use: on a first visit it goes beside the user info instead of
   * after it (a phone waits a round trip less). A failure is `loadMenus`' to report.
   */
  prefetchMenus?(): void;
  /**
   * Called once the first user info is in: sends what the shell's start-up will ask next (the last-used store)
   * now instead of after the frame has drawn.
   */
  prefetchStartup?(): void;
  /** Reloads user info and menu in the background when they are older than `maxAgeMs`. */
  refreshIfOlder?(maxAgeMs: number): void;
};

export function loginRedirect(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/** The navigation guard (spec 2.2), run as the root route's loader on every navigation. */
export function createGuard(deps: GuardDeps) {
  return async function guard({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const path = url.pathname;
    const fullPath = `${path}${url.search}`;
    const { token, roles, menusLoaded } = deps.session();

    if (!token) {
      if (WHITELIST.has(path)) return null;
      throw redirect(loginRedirect(fullPath));
    }
    if (path === '/login') throw redirect('/');
    if (STANDALONE_PAGES.has(path)) return null;

    if (roles.length === 0) {
      if (!menusLoaded) deps.prefetchMenus?.();
      try {
        await deps.loadUserInfo();
      } catch {
        await deps.onUserInfoFailed();
        return null;
      }
      deps.prefetchStartup?.();
    }
    // Repeat the navigation once the menu routes exist, so a deep link resolves to its page, not to 404.
    if (!menusLoaded && (await deps.loadMenus())) throw redirect(fullPath);
    if (menusLoaded) deps.refreshIfOlder?.(REFRESH_ON_NAVIGATION_MS);
    return null;
  };
}
