import { afterAll, vi } from 'vitest';

/**
 * Setup of the `web` test project, whose files share one module graph and one jsdom per worker (vitest.config.ts):
 * what a file leaves behind in the globals is undone when it ends, so the next file starts as on a fresh page.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});
