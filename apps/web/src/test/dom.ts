import { createElement } from 'react';
import { afterAll, beforeAll } from 'vitest';

/** jsdom lacks what antd's responsive and overflow code reads; tests that render antd import this first. */
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// Nor can it make object URLs (lib/save-blob.ts, avatar previews); tests that save a file spy on these.
if (!URL.createObjectURL) {
  Object.assign(URL, { createObjectURL: () => 'blob:jsdom', revokeObjectURL: () => undefined });
}

// A toast or confirm loads antd's static notices on first use (lib/notify.ts). Loaded before the tests, none is
// still loading when a file ends and its environment is torn down (Vitest fails the run on such an import with
// an unhandled EnvironmentTeardownError, now and then, although every test passed).
const staticNotices = Promise.all([
  import('antd/es/message'),
  import('antd/es/notification'),
  import('antd/es/modal'),
]);

// Those notices render in React roots of their own, which the testing library's cleanup does not know. jsdom never
// ends a CSS transition, so a closed notice stayed mounted with its 2 s timer, which then rendered after jsdom was
// gone: an unhandled "window is not defined" from react-dom failed a green run. Without motion a notice closes at
// once; the last ones are closed when a file ends.
const OPEN_NOTICES = '.ant-message-notice, .ant-notification-notice, .ant-modal-root';

beforeAll(async () => {
  await staticNotices;
  const { default: ConfigProvider } = await import('antd/es/config-provider');
  ConfigProvider.config({
    holderRender: (children) =>
      createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
  });
});
afterAll(async () => {
  // Only when one is open: destroy() on a notice kind never shown would create its holder, a new root to render.
  if (!document.querySelector(OPEN_NOTICES)) return;
  const [message, notification, modal] = await staticNotices;
  message.default.destroy();
  notification.default.destroy();
  modal.default.destroyAll();
  for (let waited = 0; waited < 1_000 && document.querySelector(OPEN_NOTICES); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
});
