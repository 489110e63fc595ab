import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The specs' `test`: every test takes the worker's one browser context (playwright.config.ts, `reuseContext`),
 * which Playwright resets when a test takes it. A test that opens only consoles of its own (`openConsole`) would
 * otherwise run beside the previous test's page, still signed in and polling that user's inbox, and lose the
 * messages it publishes to it.
 */
export const test = base.extend<{ resetReusedContext: void }>({
  resetReusedContext: [
    async ({ context }, use) => {
      void context;
      await use();
    },
    { auto: true },
  ],
});
