import { expect, test, type Page } from '@playwright/test';
import { signInAsSolo } from '../support/session';
import { DESKTOP, PHONE, closeCards } from '../support/screens';

/** Throwaway screenshots (looked at by hand, not kept). */
const SHOTS = process.env.MEMBER_SHOTS_DIR ?? '/tmp/members-shots';
/** A demo member of 马驹桥店 (seed/demo-members.ts: 159 + store 00 + number 000012). */
const DEMO_PHONE = '15900000012';

async function shoot(page: Page, name: string) {
  await closeCards(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('会员查询 and 会员跟进', () => {
  for (const size of [DESKTOP, PHONE]) {
    test(`staff finds a member by phone, tags them, assigns a guide and follows up (${size.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAsSolo(page);
      await page.goto('/member/member-inquiry');
      const search = page.getByTestId('member-inquiry-search').getByRole('searchbox');
      await search.fill(DEMO_PHONE);
      await search.press('Enter');
      const hit = page.getByTestId('member-inquiry-hit');
      await expect(hit).toHaveCount(1);
      await expect(hit).toContainText('159****0012');
      await shoot(page, `inquiry-${size.width}`);
      await hit.getByTestId('member-inquiry-open').click();

      const profile = page.getByTestId('member-profile-page');
      await expect(profile).toBeVisible();
      await expect(page.getByTestId('member-phone')).toHaveText(DEMO_PHONE);

      // 打标签: the first manual tag of the first group, toggled.
      await page.getByTestId('member-action-tag').click();
      const tagDialog = page.getByTestId('member-tag-dialog');
      await expect(tagDialog.getByRole('checkbox').first()).toBeVisible();
      await tagDialog.getByRole('checkbox').first().click();
      await page.getByTestId('member-tag-dialog-ok').click();
      await expect(tagDialog).toBeHidden();

      // 分配导购: solo (the store's clerk).
      await page.getByTestId('member-action-assign').click();
      await page.getByTestId('member-assign-guide').click();
      await page.locator('.ant-select-item-option').first().click();
      await page.getByTestId('member-assign-dialog-ok').click();
      await expect(page.getByTestId('member-assign-dialog')).toBeHidden();
      await expect(page.getByTestId('member-guide')).not.toHaveText('暂无');

      // 记录跟进: Enter in the text submits.
      await page.getByTestId('member-action-follow').click();
      const content = `回访${size.width}：会员日活动已告知`;
      await page.getByTestId('member-follow-content').fill(content);
      await page.getByTestId('member-follow-content').press('Enter');
      await expect(page.getByTestId('member-follow-dialog')).toBeHidden();
      await expect(page.getByTestId('member-follow-row').first()).toContainText(content);
      await shoot(page, `profile-${size.width}`);

      // 活动二维码: an image to scan.
      await page.getByTestId('member-action-qr').click();
      await expect(page.getByTestId('member-qr').locator('img')).toHaveAttribute('src', /^data:image\/png/);
      await shoot(page, `qr-${size.width}`);
    });

    test(`会员跟进 shows the tabs with counts, and the repurchase list a due member (${size.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await signInAsSolo(page);
      await page.goto('/member/member-store');
      await expect(page.getByRole('tab', { name: /待分配 \d+/ })).toBeVisible();
      await shoot(page, `store-to-assign-${size.width}`);

      // A repurchase reminder's target (permissionUser=1) opens 复购到期.
      await page.goto('/member/member-store?permissionUser=1');
      const rows =
        size.width > 576
          ? page.getByTestId('member-store-table').locator('tbody tr.ant-table-row')
          : page.getByTestId('list-card');
      await expect(rows.first()).toBeVisible();
      await expect(rows.first()).toContainText(/(月饼|面包) · \d{4}-\d{2}-\d{2}到期/);
      await shoot(page, `store-repurchase-${size.width}`);

      // An equity reminder's target (activateUser=1) opens 权益待激活.
      await page.goto('/member/member-store?activateUser=1');
      await expect(rows.first()).toBeVisible();
      await shoot(page, `store-equity-${size.width}`);
    });
  }
});
