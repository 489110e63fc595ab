import { expect, test, type Page } from '../support/test';
import { latestSmsCode } from '../support/demo-api';
import { signIn, switchStore } from '../support/session';
import { closeCards, DESKTOP, PHONE, settle } from '../support/screens';

/** admin's remembered store, with demo members (0011 and 0012 are level 3: 95折) and demo adoptions. */
const STORE_NAME = '亦庄文化园店';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/teatree-shots';

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

for (const [size, phone] of [
  [DESKTOP, '13700000012'],
  [PHONE, '13700000011'],
] as const) {
  test(`a clerk adopts two trees for a member, the price with the level discount (${size.width})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'admin', 'Admin@2026!');
    await switchStore(page, STORE_NAME);
    await page.setViewportSize(size);
    await page.goto('/marketing/tea-tree-adoption');
    await closeCards(page);
    const list = page.getByTestId('tea-tree-page');
    await expect(list).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tea-tree-activity')).toContainText('西湖龙井春季认养');
    await expect(list).toContainText('已完成');
    await shoot(page, 'tea-tree-list');

    await page.getByTestId('tea-tree-add').click();
    const dialog = page.getByRole('dialog');
    const search = page.getByTestId('tea-tree-member-search').locator('input');
    await search.fill(phone);
    await search.press('Enter');
    await expect(page.getByTestId('tea-tree-member')).toContainText(`137****${phone.slice(-4)}`);
    await page.getByTestId('tea-tree-trees').fill('2');
    const price = page.getByTestId('tea-tree-price');
    await expect(price).toContainText('会员等级');
    const level = Number(/等级\s*(\d)/.exec((await price.textContent()) ?? '')?.[1]);
    const percent = { 1: 100, 2: 98, 3: 95, 4: 90 }[level] ?? 100;
    const expected = ((128_000 * 2 * percent) / 100 / 100).toLocaleString('en-US', {
      minimumFractionDigits: 2,
    });
    await expect(price).toContainText(`¥${expected}`);
    await expect(price).toContainText('享 9.5 折');
    await page.getByTestId('tea-tree-send').click();
    // The countdown starts once the code is sent: only then is the outbox's newest code this one.
    await expect(page.getByTestId('tea-tree-send')).toContainText('秒后重发');
    await expect(dialog).toContainText(`137****${phone.slice(-4)}`);
    await page.getByTestId('tea-tree-code').fill(await latestSmsCode(page.request, phone));
    await shoot(page, 'tea-tree-adopt');
    await page.getByTestId('tea-tree-code').press('Enter');

    const drawer = page.getByTestId('tea-tree-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(`¥${expected}`);
    await expect(page.getByTestId('tea-tree-plan')).toContainText('明前龙井 250g × 2棵');
    await shoot(page, 'tea-tree-detail');
  });
}
