import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The screen walk-through (`screens/`): every order screen at 1366×768 and 390×844, saved as PNGs to look at,
 * with layout checks. Not part of `npm test` (the default config only reads `specs/`). Run it with
 * `npx playwright test -c e2e/screens.config.ts` (see e2e/README.md).
 */
export default defineConfig({
  ...base,
  testDir: './screens',
  timeout: 600_000,
  use: { ...base.use, actionTimeout: 15_000 },
});
