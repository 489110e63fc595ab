import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, settle } from './screens';

/**
 * The screen walk-throughs (`e2e/screens/`, run by hand): a PNG of each screen at 1366×768 and 390×844 in
 * SCREENS_DIR to look at, and on every one the checks a person would otherwise make by eye — nothing wider than
 * the phone, no raw codes or English words, no `NaN` / `Invalid Date`, money as ¥0.00, dialogs inside the window.
 */
export const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

mkdirSync(SCREENS_DIR, { recursive: true });

/** Words that must never reach a clerk: raw states, codes and JavaScript leftovers. */
export const LEAKS =
  /\b(undefined|null|NaN|Invalid Date|wait_ship|shipped|completed|cancelled|offering|expired|taken|pending|issued|express|store_delivery|pickup|integral|uenjoy|valet_[a-z]+|online|personal|company|following|new|done|approved|rejected|running|failed|true|false)\b/;

export type Findings = string[];

/** The layout and text checks of one screen at the current size. */
export async function inspect(page: Page, name: string, findings: Findings) {
  const report = await page.evaluate(() => {
    const doc = document.documentElement;
    const overflow = doc.scrollWidth - doc.clientWidth;
    // Visible text of the page and any open dialog or drawer, without inputs (what the clerk typed).
    const text = document.body.innerText;
    const money = [...text.matchAll(/¥\s?-?[\d,]+(\.\d+)?/g)]
      .map((m) => m[0])
      .filter((m) => !/\.\d{2}$/.test(m));
    // Dialogs wider than the window.
    const dialogs = Array.from(document.querySelectorAll('.ant-modal, .ant-drawer-content-wrapper'))
      .filter((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).display !== 'none')
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1))
      .map((r) => `${Math.round(r.left)}..${Math.round(r.right)}`);
    return { overflow, text, money, dialogs };
  });
  const size = `${page.viewportSize()?.width}`;
  if (report.overflow > 1) findings.push(`${name}@${size}: page ${report.overflow}px wider than the window`);
  const leak = LEAKS.exec(report.text);
  if (leak) findings.push(`${name}@${size}: leaked word "${leak[0]}"`);
  if (report.money.length > 0)
    findings.push(`${name}@${size}: money without 2 decimals ${report.money.join(' ')}`);
  if (report.dialogs.length > 0)
    findings.push(`${name}@${size}: dialog outside the window ${report.dialogs}`);
}

/**
 * Scrolls the page's scroll box (the shell's pane, or the window) to the end, or back to the top; true when there
 * was more below the first screen.
 */
export async function scrollPage(page: Page, to: 'end' | 'top'): Promise<boolean> {
  return page.evaluate((where) => {
    // The page's own scroll box, never the sidebar's menu (taller than the pane for a long menu).
    const sidebar = document.querySelector('[data-testid="sidebar"]');
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('*')).filter((el) => {
      if (sidebar?.contains(el)) return false;
      const style = getComputedStyle(el);
      return (
        /(auto|scroll)/.test(style.overflowY) &&
        el.scrollHeight > el.clientHeight + 40 &&
        el.clientHeight > 200
      );
    });
    const box = boxes.sort((a, b) => b.clientHeight - a.clientHeight)[0] ?? document.scrollingElement;
    if (!box) return false;
    const more = box.scrollHeight > box.clientHeight + 40;
    box.scrollTop = where === 'end' ? box.scrollHeight : 0;
    return more;
  }, to);
}

/** Desktop viewport shot (what the clerk sees first), then the phone; a page taller than the window also at its end. */
export async function shoot(
  page: Page,
  name: string,
  findings: Findings,
  options: { dialog?: boolean } = {},
) {
  for (const [size, viewport] of [
    ['1366', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle(page);
    await inspect(page, name, findings);
    await page.screenshot({ path: `${SCREENS_DIR}/${name}-${size}.png` });
    if (!options.dialog && (await scrollPage(page, 'end'))) {
      await settle(page);
      await page.screenshot({ path: `${SCREENS_DIR}/${name}-${size}-end.png` });
      await scrollPage(page, 'top');
    }
  }
  await page.setViewportSize(DESKTOP);
  await settle(page);
}
