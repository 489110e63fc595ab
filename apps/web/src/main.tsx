import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter, type AppRouter } from './app/router';
import { watchAccount, wireHttp } from './app/wire-http';
import './styles/global.css';

const routerRef: { current?: AppRouter } = {};
// Wired before the router exists: its first navigation already calls the API.
wireHttp((to) => {
  if (routerRef.current) void routerRef.current.navigate(to);
  else window.location.assign(to);
});
watchAccount();
const router = createAppRouter();
routerRef.current = router;

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** Resolves once the router's first navigation (guard, lazy page) has settled. */
function firstNavigationDone(appRouter: AppRouter): Promise<void> {
  if (appRouter.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = appRouter.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// A page the server sent drawn (the sign-in page, apps/web/prerender.ts) stays on screen until the client can
// draw the same page in one go; rendering at once would swap it for the loading spinner in between.
const drawnByServer = container.firstElementChild !== null;
// A transition: the first render yields to the browser every few milliseconds instead of holding the main thread
// for its whole length (on a phone, a long freeze before the page answers a tap).
void (drawnByServer ? firstNavigationDone(router) : Promise.resolve()).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
});
void import('./app/background-services').then((services) => services.start());
