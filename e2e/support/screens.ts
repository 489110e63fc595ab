import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './demo-api';

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

/** Lets a resize or an animation finish before a screenshot. */
export const settle = (page: Page) => page.waitForTimeout(400);

/**
 * Screenshots of the page as it is, at 1366×768 and at 390×844 (`${name}-1366.png`, `${name}-390.png`), back
 * at 1366 after. `reopen` shows a popover again after a resize, since a popover keeps the place it opened at.
 */
export async function shootBothSizes(page: Page, name: string, reopen?: () => Promise<void>) {
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await reopen?.();
  await settle(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await reopen?.();
  await settle(page);
}

/**
 * Closes the pop-ups that demo traffic may have raised, so they do not cover the page in screenshots: the
 * desktop's cards one by one, a phone's banner with its ×.
 */
export async function closeCards(page: Page) {
  const closeAll = page.getByTestId('broadcast-banner-close');
  const close = page.getByTestId('broadcast-card-close');
  for (;;) {
    if ((await closeAll.count()) > 0) await closeAll.first().click();
    else if ((await close.count()) > 0) await close.first().click();
    else return;
    await page.waitForTimeout(150);
  }
}

/** A screenshot of the page at its current size (`${name}-${width}.png`). */
export async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({
    path: `${SCREENSHOT_DIR}/${name}-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });
}

/** A kit list's row holding `text`: the table row, or below 576 px the card rendered from the same columns. */
export const listRow = (page: Page, text: string) =>
  page.viewportSize()!.width < 576
    ? page.getByTestId('list-card').filter({ hasText: text })
    : page.locator('tr', { hasText: text });
