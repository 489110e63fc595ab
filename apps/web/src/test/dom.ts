import { beforeAll } from 'vitest';

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

// A toast or confirm loads antd's static notices on first use (lib/notify.ts). Loaded before the tests, none is
// still loading when a file ends and its environment is torn down (Vitest fails the run on such an import with
// an unhandled EnvironmentTeardownError, now and then, although every test passed).
beforeAll(() =>
  Promise.all([import('antd/es/message'), import('antd/es/notification'), import('antd/es/modal')]),
);
