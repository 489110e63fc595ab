import { afterAll, vi } from 'vitest';
import { useAppStore } from '../stores/app-store';
import { useMenuStore } from '../stores/menu-store';
import { useSessionStore } from '../stores/session-store';
import { useSettingsStore } from '../stores/settings-store';
import { useShopStore } from '../stores/shop-store';
import { useTagsStore } from '../stores/tags-store';

/** The app-wide stores, which every file of a worker shares; each starts as the first file found it. */
const APP_STORES = [useAppStore, useMenuStore, useSessionStore, useSettingsStore, useShopStore, useTagsStore];
type ResettableStore = { getInitialState(): unknown; setState(state: unknown, replace: true): void };

/** The timer functions and Date of the worker as it started (this file runs again before every test file). */
type Clock = Pick<
  typeof globalThis,
  'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date'
>;
const NATIVE_CLOCK = Symbol.for('console.web-tests.native-clock');
const holder = globalThis as typeof globalThis & { [NATIVE_CLOCK]?: Clock };
const native: Clock = (holder[NATIVE_CLOCK] ??= {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  Date: globalThis.Date,
});

/**
 * Setup of the `web` test project, whose files share one module graph and one jsdom per worker (vitest.config.ts):
 * what a file leaves behind in the globals is undone when it ends, so the next file starts as on a fresh page.
 */
afterAll(async () => {
  // A lazy import a file started but did not await (a lazy route, a drawer) must finish inside the file: one still
  // loading when the worker's run ends is refused, and the refused module then failed every later file that needs it.
  await vi.dynamicImportSettled();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const store of APP_STORES as ResettableStore[]) store.setState(store.getInitialState(), true);
  localStorage.clear();
  sessionStorage.clear();
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  clearBody();
  window.history.replaceState(null, '', '/');
  // A spy on a fake timer that outlives the fake timers puts the fake back when restored. Repair it for the next
  // file, and fail this one, whose timers would otherwise hang a random later file.
  const leaked = (Object.keys(native) as (keyof Clock)[]).filter((name) => globalThis[name] !== native[name]);
  if (leaked.length > 0) {
    Object.assign(globalThis, native);
    throw new Error(
      `The file left fake ${leaked.join(', ')} behind; restore spies on them before vi.useRealTimers().`,
    );
  }
});

/** React marks the DOM nodes it created with a `__reactFiber$…` key. */
const createdByReact = (node: Node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/**
 * Empties the page for the next file, except for what React itself put straight into <body>: antd's static
 * message and notification lists (lib/notify's notices outside the shell) are portals into the body that live as
 * long as the worker. Removed behind React's back, React threw "The node to be removed is not a child of this
 * node" when it next updated them, and later notices rendered off the page. Their notices are closed by
 * test/dom.ts when the file ends.
 */
function clearBody(): void {
  for (const node of [...document.body.childNodes]) if (!createdByReact(node)) node.remove();
}
