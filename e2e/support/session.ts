import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { TOKEN_KEY, USER_STORAGE_KEYS } from '../../apps/web/src/stores/session-keys';
import { captchaAnswer, nextCaptchaUuid } from './demo-api';

/** The demo accounts of `npm start` (apps/server/src/db/seed). */
export const DEMO_USERS = {
  admin: { username: 'admin', password: 'Admin@2026!' },
  /** Works in three stores and has no remembered one: asked to pick at start-up. */
  staff: { username: 'staff', password: 'Staff@2026!' },
  /** Works in one store (马驹桥店), remembered as the last used: no store dialog. */
  solo: { username: 'solo', password: 'Solo@2026!' },
} as const;

/** The demo-mode service token the server prints at start (config DEMO_SERVICE_TOKEN). */
export const SERVICE_TOKEN = 'demo-service-token-change-me-in-production-0000';

/** Opens `loginUrl`, fills the sign-in form (the captcha read from the demo API) and submits it with Enter. */
export async function submitSignIn(page: Page, username: string, password: string, loginUrl = '/login') {
  const uuid = await nextCaptchaUuid(page, () => page.goto(loginUrl));
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha-input').fill(await captchaAnswer(page.request, uuid));
  await page.getByTestId('login-captcha-input').press('Enter');
}

/**
 * Answers OK in the confirm dialog on screen (antd spells a two-character label 确 定) and waits until it has
 * closed, so the next step does not race the dialog's exit.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
}

/** Signs in with the form, as a person does, and waits for the dashboard. */
export async function signInWithForm(page: Page, username: string, password: string): Promise<void> {
  await submitSignIn(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

type LoginResult = { token: string; user: Record<string, string | number> };

/** Password sign-in through the API, as another device would: the session the form would have stored. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<LoginResult> {
  const captcha = (await (await request.get('/auth/code')).json()) as { data: { uuid: string } };
  const response = await request.post('/auth/ljyPwdLogin', {
    data: {
      username,
      password,
      uuid: captcha.data.uuid,
      code: await captchaAnswer(request, captcha.data.uuid),
    },
  });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  return ((await response.json()) as { data: LoginResult }).data;
}

/**
 * Signs in and opens `path` (the dashboard unless given), as a browser that holds the session does. The session
 * comes from the API: the form has its own spec (sign-in.spec.ts, and stores.spec.ts signs in with it), and
 * loading the login page, then the dashboard, before the page a test is about cost every test two page loads on
 * CI's two cores.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  path = '/dashboard',
): Promise<void> {
  const { token, user } = await apiLogin(page.request, username, password);
  // A same-origin page that does not start the console, to write its storage in.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, user, tokenKey, userKeys }) => {
      localStorage.setItem(tokenKey, token);
      for (const [field, key] of Object.entries(userKeys))
        localStorage.setItem(key, String(user[field] ?? ''));
    },
    { token, user, tokenKey: TOKEN_KEY, userKeys: USER_STORAGE_KEYS },
  );
  await page.goto(path);
  const pathname = path.split('?')[0];
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** The code of the store the shell has selected, once it has one. */
export async function selectedStoreCode(page: Page): Promise<string> {
  const read = () =>
    page.evaluate(
      () => (JSON.parse(localStorage.getItem('shopInfo') ?? '{}') as { addressId?: string }).addressId ?? '',
    );
  await expect.poll(read).toBeTruthy();
  return read();
}

/** Signs in `solo` on `path` (the dashboard unless given) and answers the code of their one store. */
export async function signInAsSolo(page: Page, path?: string): Promise<string> {
  await signIn(page, DEMO_USERS.solo.username, DEMO_USERS.solo.password, path);
  return selectedStoreCode(page);
}

/** Switches to `shopName` from the header's store switcher (the confirm on 首页), unless already there. */
export async function switchStore(page: Page, shopName: string): Promise<void> {
  const slot = page.getByTestId('header-store-slot');
  await expect(slot).not.toHaveText('选择门店');
  if ((await slot.textContent())?.includes(shopName)) return;
  await slot.click();
  await page.getByTestId('store-search-input').fill(shopName);
  await page.getByTestId('store-search-input').press('Enter');
  await expect(page.getByTestId('store-option')).toHaveCount(1);
  await page.getByTestId('store-option').click();
  await confirmDialog(page);
  await expect(slot).toContainText(shopName);
}

/** Picks `storeName` in the start-up store dialog and answers its code. */
export async function pickStoreAtStartup(page: Page, storeName: string): Promise<string> {
  const dialog = page.getByTestId('store-select-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('store-radio').filter({ hasText: storeName }).click();
  await page.getByTestId('store-select-ok').click();
  await expect(dialog).toBeHidden();
  return selectedStoreCode(page);
}

/**
 * Works in `shopName` whether or not the user has a remembered store yet (an earlier spec may have picked
 * one): picks it in the start-up dialog when asked, else switches to it.
 */
export async function workInStore(page: Page, shopName: string): Promise<void> {
  const dialog = page.getByTestId('store-select-dialog');
  const chosen = page.getByTestId('header-store-slot').filter({ hasNotText: '选择门店' });
  await expect(dialog.or(chosen).first()).toBeVisible({ timeout: 30_000 });
  if (await dialog.isVisible()) await pickStoreAtStartup(page, shopName);
  else await switchStore(page, shopName);
}

/** A user without a remembered store is asked to pick one before any page shows (`ready` is the page). */
export async function pickStoreIfAsked(page: Page, ready: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '选择门店' });
  const radio = dialog.getByRole('radio').first();
  await radio.or(page.getByTestId(ready)).first().waitFor({ timeout: 45_000 });
  if (await radio.isVisible()) {
    await radio.check();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId(ready)).toBeVisible();
}

/** Resolves when the message center's long poll has started (a pop-up can reach the page from then on). */
export const pollStarted = (page: Page) =>
  page.waitForRequest((request) => request.url().includes('/api/im/listener'), { timeout: 20_000 });

/** The page's session token (localStorage), for the API calls a spec makes as that user. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOEKN'));
  if (!token) throw new Error('not signed in');
  return token;
}

const openConsoles = new Set<BrowserContext>();

/**
 * A console in a browser context of its own (a second screen of the same clerk). Close them all when the test
 * ends (`test.afterEach(closeConsoles)`): a console left open keeps polling its user's inbox and takes the
 * messages the next tests publish.
 */
export async function openConsole(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  openConsoles.add(context);
  return context.newPage();
}

export async function closeConsoles(): Promise<void> {
  await Promise.all([...openConsoles].map((context) => context.close()));
  openConsoles.clear();
}
