import { expect, test, type Page, type Route } from '../support/test';
import { captchaAnswer, nextCaptchaUuid, SCREENSHOT_DIR } from '../support/demo-api';

const POLLING_TEXT = '平台已发布新版本，页面即将刷新';
const STARTUP_TEXT = '平台已发布新版本，页面即将刷新。如问题仍未解决，请清除浏览器缓存后重试';
/** Spec 9: comparisons within 5 s share one result, so a later trigger waits this out. */
const SHARE_WINDOW_MS = 5_500;

const isVersionCheck = (url: URL) => url.pathname === '/' && url.searchParams.get('apmIgnore') === '1';

/** Answers the version check with the real index.html whose entry script has another hashed name. */
async function serveNewVersion(route: Route) {
  const response = await route.fetch();
  // The entry's <script>, not the chunks the page preloads (their names may start with index- too).
  const html = (await response.text()).replace(
    /(<script\b[^>]*\ssrc=")\/assets\/index-[\w-]+\.js/,
    '$1/assets/index-NEWBUILD1.js',
  );
  await route.fulfill({ response, body: html });
}

async function signInAsAdmin(page: Page) {
  const uuid = await nextCaptchaUuid(page, () => page.goto('/login'));
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('Admin@2026!');
  await page.getByTestId('login-captcha-input').fill(await captchaAnswer(page.request, uuid));
  await page.getByTestId('login-captcha-input').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
}

const dialog = (page: Page) => page.locator('.ant-modal-confirm');

test.describe('version check', () => {
  test('an unchanged deployment shows nothing; the check asks GET / with a hash and apmIgnore=1', async ({
    page,
  }) => {
    const check = page.waitForRequest((request) => isVersionCheck(new URL(request.url())));
    await page.goto('/login');
    const url = new URL((await check).url());
    expect(url.searchParams.get('hash')).toMatch(/^\w{6,}$/);
    await page.waitForTimeout(1_000);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('a new version found at startup asks to reload, with the clear-cache advice', async ({ page }) => {
    await page.route(isVersionCheck, serveNewVersion);
    await page.goto('/login');
    await expect(dialog(page)).toContainText(STARTUP_TEXT);
    await expect(dialog(page).getByRole('button')).toHaveCount(1);
  });

  test('a lazy page chunk that fails after a deployment shows the no-cancel dialog; OK reloads', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.waitForTimeout(SHARE_WINDOW_MS);
    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });

    // The deployment: index.html names a new entry, and the old chunks are gone.
    await page.route(isVersionCheck, serveNewVersion);
    await page.route('**/assets/*.js', (route) => route.abort());
    const report = page.waitForRequest(
      (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
    );
    // An in-app navigation to a page not loaded yet: its chunk import fails.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/order/rob-orders');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toContainText(POLLING_TEXT);
    await expect(dialog(page)).not.toContainText('清除浏览器缓存');
    // One button only (notify.alert's OK); no cancel, no close icon.
    await expect(dialog(page).getByRole('button')).toHaveCount(1);
    await expect(dialog(page)).not.toContainText('取消');
    // Escape does not dismiss it: the reload is the only way on.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/version-check-1366.png` });

    // The crash itself was reported to our endpoint (127.0.0.1 counts as prd, where monitoring runs).
    const sent = (await report).postDataJSON() as { kind: string; message: string };
    expect(['render', 'resource', 'rejection', 'error']).toContain(sent.kind);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all([page.waitForEvent('load'), dialog(page).getByRole('button').click()]);
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBe(
      undefined,
    );
    await expect(page).toHaveURL(/\/order\/rob-orders$/);
    await page.waitForTimeout(1_000);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('the dialog on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route(isVersionCheck, serveNewVersion);
    await page.goto('/login');
    await expect(dialog(page)).toContainText(STARTUP_TEXT);
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/version-check-390.png` });
  });
});
