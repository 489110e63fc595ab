import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { prerender } from './prerender';
import { routePreloads } from './route-preloads';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The modules a signed-in first visit imports lazily, one after another, before the dashboard shows: the HTTP
 * client's axios, the session schemas, the menu routing, the frame with its store and message parts, the page.
 */
const DASHBOARD_FIRST_VISIT = [
  '../../node_modules/axios/index.js',
  'src/app/session-schemas.ts',
  'src/app/menu-routes.ts',
  'src/app/page-registry.ts',
  'src/shell/layout.tsx',
  'src/app/dayjs-locale.ts',
  'src/features/store-info/store-info-gate.tsx',
  'src/features/messages/broadcast/broadcast-host.tsx',
  'src/features/messages/unread-count.ts',
  'src/features/dashboard/dashboard-page.tsx',
];

export default defineConfig({
  // A page opened at /login or the dashboard gets its chunks preloaded beside the entry (the server adds the
  // links); the sign-in page is also drawn at build time: the HTML paints before any script has run.
  plugins: [
    react(),
    routePreloads({
      '/login': 'src/features/auth/login-page.tsx',
      '/dashboard': DASHBOARD_FIRST_VISIT,
      '/': DASHBOARD_FIRST_VISIT,
    }),
    prerender({ '/login': 'src/prerender/login-markup.tsx' }),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/auth', '/api', '/feo', '/ljYun', '/tec', '/dev', '/swagger'].map((p) => [p, apiTarget]),
    ),
  },
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
