import { expect, test, type Page } from '../support/test';
import { forgetLastStore, latestSmsCode } from '../support/demo-api';
import { DEMO_USERS, pickStoreAtStartup, signIn } from '../support/session';
import { DESKTOP, PHONE, shootBothSizes } from '../support/screens';

const STORE_NAME = '亦庄文化园店';

async function signInAsStaff(page: Page): Promise<void> {
  await signIn(page, DEMO_USERS.staff.username, DEMO_USERS.staff.password);
  await pickStoreAtStartup(page, STORE_NAME);
}

// staff must be asked for a store: start and end without a remembered one, whatever ran before.
test.beforeEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});
test.afterEach(async ({ request }) => {
  await forgetLastStore(request, 'staff');
});

test('staff creates a points-mall valet order end to end and finds it in 代客订单', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signInAsStaff(page);
  await page.goto('/order/valet-order-create');
  // The lazy page's first load is slow on a busy machine.
  await expect(page.getByTestId('valet-create-page')).toBeVisible({ timeout: 30_000 });

  // 选择会员: the demo members of a store have phones 1370000…; a prefix lists this store's own members only.
  // The item below costs 300 points: take a member who has them.
  await page.getByTestId('member-search').getByRole('searchbox').fill('1370000');
  await page.getByTestId('member-search').getByRole('searchbox').press('Enter');
  const options = page.getByTestId('member-option');
  await expect(options.first()).toBeVisible();
  const pointsOf = (text: string) => Number(/积分 (\d+)/.exec(text)?.[1] ?? 0);
  const rich = (await options.allTextContents()).findIndex((text) => pointsOf(text) >= 300);
  expect(rich).toBeGreaterThanOrEqual(0);
  const option = options.nth(rich);
  const memberName = (await option.locator('strong').textContent()) ?? '';
  // The prefix searched is the phone's first seven digits, the masked phone shows its last four.
  const lastFour = /\*{4}(\d{4})/.exec((await option.textContent()) ?? '')?.[1] ?? '';
  const memberPhone = `1370000${lastFour}`;
  expect(memberPhone).toMatch(/^\d{11}$/);
  await shootBothSizes(page, 'valet-create-member');
  await option.getByTestId('member-choose').click();
  await expect(page.getByTestId('member-selected')).toContainText(memberName);
  await page.getByTestId('step-next').click();

  // 收货方式与地址: by courier to the member's last used (or default) address.
  await page.getByTestId('delivery-type').getByText('快递配送').click();
  await expect(page.getByTestId('address-option').first()).toBeVisible();
  await page.getByTestId('address-option').first().click();
  await shootBothSizes(page, 'valet-create-address');
  await page.getByTestId('step-next').click();

  // 选择商品: one 蛋黄酥兑换券 (300 points, fits every demo member).
  await expect(page.getByTestId('sku-card').first()).toBeVisible();
  const qty = page.locator('input[data-testid="qty-I2003"], [data-testid="qty-I2003"] input').first();
  await qty.fill('1');
  await qty.press('Tab');
  await shootBothSizes(page, 'valet-create-items');
  await page.getByTestId('step-next').click();

  // 试算: 300 points, free shipping.
  await expect(page.getByTestId('trial-points')).toHaveText('300');
  await expect(page.getByTestId('trial-freight')).toHaveText('¥0.00');
  await shootBothSizes(page, 'valet-create-trial');
  await page.getByTestId('step-next').click();

  // 确认: submit, then confirm it.
  await expect(page.getByTestId('confirm-items')).toContainText('蛋黄酥兑换券×1');
  await shootBothSizes(page, 'valet-create-confirm');
  await page.getByTestId('valet-submit').click();
  await expect(page.getByTestId('valet-created')).toContainText('待确认');
  const title = (await page.getByTestId('valet-created').locator('.ant-result-title').textContent()) ?? '';
  const valetOrderNo = /VO\d+/.exec(title)?.[0] ?? '';
  expect(valetOrderNo).not.toBe('');
  // Confirming spends the member's points: the member's code, sent to the member's phone, is required.
  await page.getByTestId('valet-confirm').click();
  const consent = page.getByTestId('points-consent');
  await expect(consent).toBeVisible();
  await expect(page.getByTestId('points-consent-hint')).toContainText('300 积分');
  await expect(page.getByTestId('points-consent-hint')).toContainText(lastFour);
  await page.getByTestId('points-consent-ok').click();
  await expect(consent).toContainText('请填写会员收到的积分兑换验证码');
  await page.getByTestId('points-consent-send').click();
  await expect(page.getByTestId('points-consent-send')).toContainText('秒后重发');
  // A wrong code is refused in the dialog; the code the member received confirms.
  const code = await latestSmsCode(page.request, memberPhone);
  await page.getByTestId('points-consent-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('points-consent-code').press('Enter');
  await expect(consent).toContainText('短信验证码错误或已过期');
  await page.getByTestId('points-consent-code').fill(code);
  await shootBothSizes(page, 'valet-points-consent');
  await page.getByTestId('points-consent-code').press('Enter');
  await expect(consent).toBeHidden();
  await expect(page.getByTestId('valet-created')).toContainText('已确认');
  await shootBothSizes(page, 'valet-create-done');

  // The detail shows the upstream order and its offer.
  await page.getByTestId('valet-open-detail').click();
  await expect(page).toHaveURL(new RegExp(`valet-order-detail\\?id=${valetOrderNo}`));
  await expect(page.getByTestId('valet-status-tag')).toHaveText('已确认');
  await expect(page.getByTestId('valet-fulfilment')).toContainText('OMS');
  await shootBothSizes(page, 'valet-order-detail');

  // 代客订单 lists it, found by its number (the lazy page's first load is slow on a busy machine).
  await page.goto(`/order/valet-orders?keyword=${valetOrderNo}`);
  const table = page.getByTestId('valet-table');
  await expect(table).toContainText(valetOrderNo, { timeout: 20_000 });
  await expect(table).toContainText('已确认');
  // The number is a link to the detail, whose back link returns to the list with its filters.
  await table.getByTestId('list-key-link').filter({ hasText: valetOrderNo }).click();
  await expect(page).toHaveURL(new RegExp(`valet-order-detail\\?id=${valetOrderNo}`));
  await expect(page.getByTestId('valet-status-tag')).toHaveText('已确认');
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(new RegExp(`valet-orders\\?keyword=${valetOrderNo}`));
  await page.getByTestId('valet-orders-page').getByRole('button', { name: '重 置' }).click();
  await expect(page).toHaveURL(/valet-orders$/);
  await expect(page.getByTestId('valet-table')).toContainText(valetOrderNo);
  await expect(page.getByTestId('valet-total')).toContainText('共');
  await shootBothSizes(page, 'valet-orders');
  // Below 576 px the rows are cards headed by the number.
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('list-card').first().getByTestId('list-key-link')).toBeVisible();
  await page.setViewportSize(DESKTOP);
});

test('staff creates a uEnjoy valet order by picking a SKU from the shelf (trial → confirm)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAsStaff(page);
  await page.goto('/order/valet-order-create');
  await expect(page.getByTestId('valet-create-page')).toBeVisible({ timeout: 30_000 });

  await page.getByTestId('member-search').getByRole('searchbox').fill('1370000');
  await page.getByTestId('member-search').getByRole('searchbox').press('Enter');
  await page.getByTestId('member-option').first().getByTestId('member-choose').click();
  await page.getByTestId('step-next').click();

  // Picked up at the counter (the default): no address needed.
  await expect(page.getByTestId('address-step')).toBeVisible();
  await page.getByTestId('step-next').click();

  // 优享订阅: the shelf lists the subscriptions on sale; search, then add the tea-tree adoption.
  await page.getByRole('tab', { name: '优享订阅' }).click();
  const shelf = page.getByTestId('uenjoy-skus');
  await expect(shelf.getByTestId('uenjoy-sku-card')).toHaveCount(4);
  const search = page.getByTestId('uenjoy-search').getByRole('searchbox');
  await search.fill('龙井');
  await search.press('Enter');
  await expect(shelf.getByTestId('uenjoy-sku-card')).toHaveCount(1);
  await expect(shelf).toContainText('茶树认养·西湖龙井一年期');
  await expect(shelf).toContainText('共4期，每90天一期');
  await page.getByTestId('uenjoy-add-U3004').click();
  await expect(page.getByTestId('uenjoy-basket')).toContainText('茶树认养·西湖龙井一年期');
  await expect(page.getByTestId('uenjoy-plan-U3004')).toContainText('共4期，每90天一期');
  await shootBothSizes(page, 'valet-create-uenjoy-items');
  await page.getByTestId('step-next').click();

  // 试算: the server prices it (goods ¥1,288.00, pickup ships free, the member level's discount).
  await page.getByTestId('trial-run').click();
  await expect(page.getByTestId('trial-goods')).toHaveText('¥1,288.00');
  await expect(page.getByTestId('trial-freight')).toHaveText('¥0.00');
  await expect(page.getByTestId('trial-pay')).toBeVisible();
  await page.getByTestId('step-next').click();

  await expect(page.getByTestId('confirm-items')).toContainText('茶树认养·西湖龙井一年期×1');
  await page.getByTestId('valet-submit').click();
  await expect(page.getByTestId('valet-created')).toContainText('待确认');
  await page.getByTestId('valet-confirm').click();
  await expect(page.getByTestId('valet-created')).toContainText('已确认');
  await page.getByTestId('valet-open-detail').click();
  await expect(page.getByTestId('valet-status-tag')).toHaveText('已确认');
  await expect(page.getByTestId('valet-fulfilment')).toContainText('OMS');
});
