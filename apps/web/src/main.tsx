import { StrictMode } from 'react';
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

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
void import('./app/background-services').then((services) => services.start());
