import { expect, test, type Page } from '../support/test';
import { latestSmsCode } from '../support/demo-api';
import { DEMO_USERS, signIn } from '../support/session';
import { closeCards, DESKTOP, listRow, PHONE, shoot } from '../support/screens';

/**
 * 优惠券兑换 (docs/domain/coupons.md): head office adds a coupon; at 亦庄文化园店 (admin's store) the counter
 * exchanges it for a demo member's points with the member's SMS code, then undoes it and the points return.
 */
/** A member per size: a phone is sent one code a minute, and the two runs follow each other. */
const MEMBER_PHONES = { [DESKTOP.width]: '13700000010', [PHONE.width]: '13700000011' };

/** Finds the demo member by full phone in the exchange dialog; answers their points as shown. */
async function findMember(page: Page, phone: string, expected?: number): Promise<number> {
  const search = page.getByTestId('coupon-member-search').getByRole('searchbox');
  await search.fill(phone);
  await search.press('Enter');
  const option = page.getByTestId('coupon-member-option');
  await expect(option).toHaveCount(1);
  // A search asked before shows its cached answer while it is fetched again.
  if (expected !== undefined) await expect(option).toContainText(`积分 ${expected}`);
  return Number(/积分 (\d+)/.exec((await option.textContent()) ?? '')?.[1] ?? NaN);
}

for (const size of [DESKTOP, PHONE])
  test(`head office adds a coupon; the counter exchanges it with the member’s code, undoes it; a scheme issues it (${size.width})`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const memberPhone = MEMBER_PHONES[size.width]!;
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await page.setViewportSize(size);
    await page.goto('/marketing/coupon-exchange');
    await expect(page.getByTestId('coupon-exchange-page')).toBeVisible({ timeout: 30_000 });
    await closeCards(page);
    // Demo exchanges in several states.
    await expect(page.getByText('已撤销').first()).toBeVisible();
    await shoot(page, 'coupons-list');

    // Head office: 新增优惠券.
    const name = `满30减5券${size.width}-${Date.now() % 100_000}`;
    await page.getByTestId('coupon-template-add').click();
    const form = page.getByTestId('coupon-form');
    await form.getByTestId('coupon-form-name').fill(name);
    await form.getByTestId('coupon-form-value').fill('5');
    await form.getByTestId('coupon-form-threshold').fill('30');
    await form.getByTestId('coupon-form-points').fill('100');
    await shoot(page, 'coupons-template-form');
    await page.getByTestId('coupon-form-ok').click();
    await expect(form).toBeHidden();

    // The counter: 兑换优惠券 for the member, confirmed with the member's code.
    await page.getByTestId('exchange-add').click();
    const pointsBefore = await findMember(page, memberPhone);
    expect(pointsBefore).toBeGreaterThanOrEqual(100);
    await page.getByTestId('coupon-member-choose').click();
    await expect(page.getByTestId('coupon-member-selected')).toBeVisible();
    await page.getByTestId('coupon-options').getByText(name).click();
    await page.getByTestId('coupon-exchange-send').click();
    await expect(page.getByTestId('coupon-exchange-send')).toContainText('秒后重发');
    const code = await latestSmsCode(page.request, memberPhone);
    await page.getByTestId('coupon-exchange-code').fill(code);
    await shoot(page, 'coupons-exchange-dialog');
    await page.getByTestId('coupon-exchange-code').press('Enter');
    await expect(page.getByTestId('coupon-exchange')).toBeHidden();
    const row = listRow(page, name);
    await expect(row).toContainText('未使用');
    await expect(row).toContainText('100');

    // The member's points went down by 100.
    await page.getByTestId('exchange-add').click();
    expect(await findMember(page, memberPhone, pointsBefore - 100)).toBe(pointsBefore - 100);
    await page.getByRole('button', { name: /取\s*消/ }).click();

    // 撤销: the reason, then the points come back.
    await row.getByTestId('row-action-cancel').click();
    await page.getByTestId('coupon-cancel-reason').fill('会员改选其他优惠券');
    await shoot(page, 'coupons-cancel-dialog');
    await page.getByTestId('coupon-cancel-ok').click();
    await expect(row).toContainText('已撤销');
    await page.getByTestId('exchange-add').click();
    expect(await findMember(page, memberPhone, pointsBefore)).toBe(pointsBefore);
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await shoot(page, 'coupons-after-undo');

    // Head office: a scheme that issues the new coupon at the counter.
    await page.goto('/marketing/issue-schemes');
    await expect(page.getByTestId('issue-schemes-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('已结束').first()).toBeVisible();
    await page.getByTestId('scheme-add').click();
    const schemeForm = page.getByTestId('scheme-form');
    const schemeName = `到店礼${size.width}-${Date.now() % 100_000}`;
    await schemeForm.getByTestId('scheme-form-name').fill(schemeName);
    await schemeForm.getByTestId('scheme-form-coupon').click();
    await page.locator('.ant-select-item-option', { hasText: name }).click();
    await shoot(page, 'schemes-form');
    await page.getByTestId('scheme-form-ok').click();
    await expect(schemeForm).toBeHidden();
    const schemeRow = listRow(page, schemeName);
    await expect(schemeRow).toContainText('进行中');
    await shoot(page, 'schemes-list');

    // 编辑: the saved scheme opens in the form; a larger quantity is saved.
    await schemeRow.getByTestId('row-action-edit').click();
    await expect(schemeForm.getByTestId('scheme-form-name')).toHaveValue(schemeName, { timeout: 30_000 });
    const quantity = schemeForm.getByLabel('发放总量');
    await quantity.fill('150');
    await shoot(page, 'schemes-edit');
    await page.getByTestId('scheme-form-ok').click();
    await expect(schemeForm).toBeHidden();
    await expect(schemeRow).toContainText('0 / 150');
  });
