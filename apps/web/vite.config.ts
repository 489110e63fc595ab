import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { prerender } from './prerender';
import { routePreloads } from './route-preloads';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // A sign-in page opened at /login gets its chunks preloaded beside the entry (the server adds the links), and
  // is drawn at build time: the HTML paints before any script has run.
  plugins: [
    react(),
    routePreloads({ '/login': 'src/features/auth/login-page.tsx' }),
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
