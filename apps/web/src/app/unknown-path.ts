import { authEndpoints, menuPages } from '@console/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { call } from '../lib/http';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';

/**
 * A path no route of the user's menu matched: /403 when it is a page of the console the user may not open (a deep
 * link shared by a colleague), /404 otherwise (spec 2.1). Lazy, so the shell's bundle does without `call()`.
 */
export async function unknownPathLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  // Not signed in, or the menu not loaded yet: the guard (root loader, run alongside) sends the visitor to sign
  // in, or loads the menu and repeats the navigation, which may then find the page. Left to the route's
  // component only when the menu failed to load.
  const { token, menusLoaded } = useSessionStore.getState();
  if (!token || !menusLoaded) return null;
  const url = new URL(request.url);
  // The menu arrived while this loader was being fetched (a deep link on a fresh page: the guard loads the menu
  // alongside): the page's route exists now, so the navigation is repeated, as the guard does, never refused.
  if (menuPages(useMenuStore.getState().menus).some((page) => page.path === url.pathname))
    return redirect(`${url.pathname}${url.search}`);
  try {
    const { known } = await call(
      authEndpoints.menuPathKnown,
      { path: url.pathname },
      { signal: request.signal, flags: { silent: true } },
    );
    return redirect(known ? '/403' : '/404');
  } catch {
    return redirect('/404');
  }
}
