import { expect, test } from '../support/test';
import { captchaAnswer, latestSmsCode, nextCaptchaUuid, SCREENSHOT_DIR } from '../support/demo-api';
import { submitSignIn } from '../support/session';

const TOKEN_KEY = 'EL-ADMIN-TOEKN';

test.describe('sign-in', () => {
  test('admin signs in with password and captcha and lands on the dashboard', async ({ page }) => {
    await submitSignIn(page, 'admin', 'Admin@2026!');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('首页 - 门店运营云平台');
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = await page.context().cookies();
    // Only the error report endpoint gets the token cookie, and no script can read it.
    expect(cookies.find((c) => c.name === TOKEN_KEY)).toMatchObject({
      value: token,
      path: '/api/client-errors',
      httpOnly: true,
      sameSite: 'Strict',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain(token);
    expect(cookies.some((c) => /password/i.test(c.name) || c.value.includes('Admin@2026!'))).toBe(false);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-admin.png`, fullPage: true });
  });

  test('a wrong captcha shows an error and loads a new captcha', async ({ page }) => {
    const uuid = await nextCaptchaUuid(page, () => page.goto('/login'));
    await page.getByTestId('login-username').fill('admin');
    await page.getByTestId('login-password').fill('Admin@2026!');
    const wrong = (await captchaAnswer(page.request, uuid)) === 'zzzz' ? 'yyyy' : 'zzzz';
    await page.getByTestId('login-captcha-input').fill(wrong);
    const next = await nextCaptchaUuid(page, () => page.getByTestId('login-submit').click());
    expect(next).not.toBe(uuid);
    await expect(page.getByText('验证码错误或已过期')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('staff signs in with an SMS code read from the outbox', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('tab-code').click();
    await page.getByTestId('sms-phone').fill('13800000001');
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toContainText('秒后重新获取');
    await page.getByTestId('sms-code').fill(await latestSmsCode(page.request, '13800000001'));
    await page.screenshot({ path: `${SCREENSHOT_DIR}/login-code.png` });
    await page.getByTestId('sms-code').press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a deep link survives sign-in through the redirect parameter, and a foreign one does not', async ({
    page,
  }) => {
    await page.goto('/user/center');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fcenter/);
    await submitSignIn(page, 'solo', 'Solo@2026!', new URL(page.url()).pathname + new URL(page.url()).search);
    await expect(page).toHaveURL(/\/user\/center$/);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();

    const uuid = await nextCaptchaUuid(page, () => page.goto('/login?redirect=//evil.example.com/x'));
    await page.getByTestId('login-username').fill('solo');
    await page.getByTestId('login-password').fill('Solo@2026!');
    await page.getByTestId('login-captcha-input').fill(await captchaAnswer(page.request, uuid));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('remember keeps only the account name', async ({ page }) => {
    const uuid = await nextCaptchaUuid(page, () => page.goto('/login'));
    await page.getByTestId('login-username').fill('staff');
    await page.getByTestId('login-password').fill('Staff@2026!');
    await page.getByRole('checkbox', { name: '记住密码' }).check();
    await page.getByTestId('login-captcha-input').fill(await captchaAnswer(page.request, uuid));
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookies = await page.context().cookies();
    expect(
      cookies.some(
        (c) => c.value.includes('Staff@2026!') || decodeURIComponent(c.value).includes('Staff@2026!'),
      ),
    ).toBe(false);
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies({ name: TOKEN_KEY });
    await page.goto('/login');
    await expect(page.getByTestId('login-username')).toHaveValue('staff');
    await expect(page.getByTestId('login-password')).toHaveValue('');
  });

  test('logout asks for confirmation and returns to the login page', async ({ page }) => {
    await submitSignIn(page, 'admin', 'Admin@2026!');
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    await page.getByTestId('user-menu').click();
    await page.getByText('退出登录').click();
    await expect(page.getByText('确定注销并退出系统吗？')).toBeVisible();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/login/);
    const info = await page.request.get('/auth/info', { headers: { Authorization: `Bearer ${token}` } });
    expect(info.status()).toBe(401);
  });
});

test.describe('forgotten password', () => {
  test('solo resets the password by SMS code and signs in with the new one', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('forgot-link').click();
    await page.getByTestId('reset-phone').fill('13800000002');
    await page.getByTestId('reset-send').click();
    await page.getByTestId('reset-code').fill(await latestSmsCode(page.request, '13800000002'));
    await page.getByTestId('reset-verify').click();
    await page.getByTestId('reset-password').fill('NewSolo@2026!');
    await page.getByTestId('reset-confirm').fill('NewSolo@2026!');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/forgot-password.png` });
    await page.getByTestId('reset-submit').click();
    await expect(
      page.getByTestId('forgot-password').getByText('密码重置成功，请使用新密码登录'),
    ).toBeVisible();

    await submitSignIn(page, 'solo', 'NewSolo@2026!');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Give the documented demo account its password back for the specs that follow.
    const token = await page.evaluate(() => localStorage.getItem('EL-ADMIN-TOEKN') ?? '');
    const restored = await page.request.post('/api/users/updatePass', {
      headers: { authorization: `Bearer ${token}` },
      data: { oldPassword: 'NewSolo@2026!', newPassword: 'Solo@2026!', confirmPassword: 'Solo@2026!' },
    });
    expect(restored.status()).toBe(200);
  });
});

test.describe('login page looks right', () => {
  test('at 1366×768 and on a phone', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-captcha-img')).toBeVisible();
    // The test server is the embedded default: demo mode, said on the page.
    await expect(page.getByTestId('demo-banner')).toContainText('演示环境');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/login-1366.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/login-375.png`, fullPage: true });
  });

  test('is drawn before any script runs, and the client takes it over', async ({ page }) => {
    // No script at all: what a phone shows while the bundle is still on its way.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    const picture = page.locator('#root > [inert]');
    await expect(picture.getByTestId('login-submit')).toBeVisible();
    await expect(picture.getByTestId('demo-banner')).toContainText('演示环境');
    await expect(picture.getByTestId('login-username')).toHaveAttribute('readonly', '');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/login-drawn-no-script.png` });
    await page.unroute('**/*.js');
    await page.reload();
    // Taken over: the picture is gone and the same fields answer.
    await expect(page.getByTestId('login-captcha-img')).toBeVisible();
    await expect(page.locator('#root > [inert]')).toHaveCount(0);
    await page.getByTestId('login-username').fill('admin');
    await expect(page.getByTestId('login-username')).toHaveValue('admin');
  });

  test('error pages are designed and unknown paths go to 404 once signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await submitSignIn(page, 'admin', 'Admin@2026!');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: '返回首页' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/404.png` });
    await page.goto('/repair');
    await expect(page.getByText('系统维护中，请稍后访问', { exact: true })).toBeVisible();
  });

  test('a deep link to a page outside the menu shows 403, not 404', async ({ page }) => {
    await submitSignIn(page, 'solo', 'Solo@2026!');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/system/roles');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText('无权限访问', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/system/roles');
    await expect(page.getByText('无权限访问', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/403-390.png` });
  });
});
