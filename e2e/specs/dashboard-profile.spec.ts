import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { latestSmsCode, SCREENSHOT_DIR } from '../support/demo-api';
import { apiSignIn, createHeadOfficeUser } from '../support/fresh-user';
import { confirmDialog, signIn as signInWith } from '../support/session';

/** This spec changes the account's phone and password: it works on one of its own, made per attempt. */
const PASSWORD = 'Staff@2026!';
const NEW_PASSWORD = 'Changed@2026!';
const TOKEN_KEY = 'EL-ADMIN-TOEKN';

/** A solid-colour PNG of `size` × `size`, built here so the test needs no fixture file. */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const tokenOf = (page: Page) => page.evaluate((key) => localStorage.getItem(key) ?? '', TOKEN_KEY);

/** A new account has no last store: pick its first through the API, as the store switcher would. */
async function selectFirstStore(page: Page, request: APIRequestContext) {
  const token = await tokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const userId = Number(await page.evaluate(() => localStorage.getItem('userId')));
  const groups = await request.post('/api/users/query/shopGroup/v2', { headers, data: { pageSize: 1 } });
  const group = (
    (await groups.json()) as {
      data: { list: { frontTitle: string; shopList: { addressId: string; businessScopeName: string }[] }[] };
    }
  ).data.list[0]!;
  const shop = group.shopList[0]!;
  const saved = await request.post('/api/user/shop/save/change', {
    headers,
    data: { storeCode: shop.addressId, userId },
  });
  expect(saved.status()).toBe(200);
  await page.evaluate((info) => localStorage.setItem('shopInfo', JSON.stringify(info)), {
    addressId: shop.addressId,
    frontTitle: group.frontTitle,
    businessScopeName: shop.businessScopeName,
  });
  return shop.addressId;
}

const settle = (page: Page) => page.waitForTimeout(400);

test.describe('dashboard and personal centre', () => {
  test('counts, chart, profile, avatar and password', async ({ page, request }) => {
    const account = await createHeadOfficeUser(request, '天河城店', PASSWORD);
    await signInWith(page, account.username, account.password);
    await selectFirstStore(page, request);
    const firstSummary = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/summary'));
    await page.reload();
    expect((await firstSummary).status()).toBe(200);

    // Four cards: orders and the message center feed theirs; audits come later, so 待审核 shows "—".
    await expect(page.getByTestId('count-ordersToGrab')).toHaveText(/^待抢订单\d+$/);
    await expect(page.getByTestId('count-ordersToShip')).toHaveText(/^待发货订单\d+$/);
    await expect(page.getByTestId('count-unreadMessages')).toHaveText(/^未读消息\d+$/);
    await expect(page.getByTestId('count-pendingAudits')).toContainText('—');
    // The order cards link to their lists.
    await expect(page.getByTestId('count-ordersToGrab').getByRole('link')).toHaveAttribute(
      'href',
      '/order/rob-orders',
    );
    await expect(page.getByTestId('count-pendingAudits').getByRole('link')).toHaveAttribute(
      'href',
      '/audit/review-pending',
    );

    // The seeded figures are drawn: 7 days by default, 30 after the toggle.
    const chart = page.getByTestId('trend-chart');
    await expect(chart).toBeVisible();
    await expect(chart.locator('rect')).toHaveCount(7);
    await expect(page.getByTestId('trend-table').locator('tbody tr')).toHaveCount(7);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-1366.png` });
    await page.getByTestId('range-switch').getByText('近30天').click();
    await expect(chart.locator('rect')).toHaveCount(30);
    await page.getByTestId('metric-switch').getByText('销售额').click();
    await expect(page.getByTestId('trend-table')).toContainText('¥');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-30d-1366.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/dashboard-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Personal centre: the nickname changes here and in the header.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-user-center').click();
    await expect(page).toHaveURL(/\/user\/center$/);
    await page.getByTestId('profile-nickname').fill('管理员小王');
    await page.getByTestId('profile-nickname').press('Enter');
    await expect(page.getByText('个人资料已保存')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toContainText('管理员小王');

    // The phone changes only with the password and a code sent to the new number.
    const newPhone = `139${String(Date.now()).slice(-8)}`;
    await page.getByTestId('profile-change-phone').click();
    await page.getByTestId('change-phone-phone').fill(newPhone);
    await page.getByTestId('change-phone-password').fill('Wrong#pass1');
    await page.getByTestId('change-phone-send').click();
    await expect(page.getByTestId('change-phone').getByText('原密码不正确')).toBeVisible();
    await page.getByTestId('change-phone-password').fill(account.password);
    await page.getByTestId('change-phone-send').click();
    await expect(page.getByTestId('change-phone-send')).toContainText('秒后重新获取');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/user-center-change-phone-1366.png` });
    await page.getByTestId('change-phone-code').fill(await latestSmsCode(request, newPhone));
    await page.getByTestId('change-phone-code').press('Enter');
    await expect(page.getByText('手机号已更换，其他设备上的登录已全部退出')).toBeVisible();
    await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);

    // A GIF is refused in the browser; a PNG is previewed, uploaded and shown in the header.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('只能上传 JPG/PNG/WebP 图片')).toBeVisible();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(64, [255, 47, 40]) });
    await expect(page.getByText('头像预览')).toBeVisible();
    await page.getByTestId('avatar-upload-ok').click();
    await expect(page.getByText('头像已更新')).toBeVisible();
    const headerAvatar = page.getByTestId('user-menu').locator('img');
    await expect(headerAvatar).toHaveAttribute(
      'src',
      /^http:\/\/127\.0\.0\.1:\d+\/api\/users\/avatar\/\d+\?v=\d+$/,
    );
    expect(await headerAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/user-center-1366.png` });

    // Password change: weak password refused inline, then success ends the other sessions.
    const otherDevice = await apiSignIn(request, account.username, account.password);
    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByTestId('password-old').fill(account.password);
    await page.getByTestId('password-new').fill('abc');
    await expect(page.getByText('新密码不符合要求')).toBeVisible();
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await expect(page.getByTestId('password-strength')).toContainText('强');
    await page.getByTestId('password-confirm').fill(NEW_PASSWORD);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/user-center-password-1366.png` });
    await page.getByTestId('password-confirm').press('Enter');
    await expect(page.getByText('修改密码后，其他设备上的登录将全部退出，是否继续？')).toBeVisible();
    await confirmDialog(page);
    await expect(page.getByTestId('password-done')).toContainText(/已退出其他 \d+ 处登录/);
    const other = await request.get('/auth/info', { headers: { authorization: `Bearer ${otherDevice}` } });
    expect(other.status()).toBe(401);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: '基本资料' }).click();
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/user-center-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });

    // Sign out and in again with the new password.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-logout').click();
    await confirmDialog(page);
    await expect(page).toHaveURL(/\/login/);
    await signInWith(page, account.username, NEW_PASSWORD);
  });
});
