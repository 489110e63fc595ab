import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { SERVICE_TOKEN, signInAsSolo, tokenOf } from '../support/session';
import { DESKTOP, PHONE, closeCards } from '../support/screens';

/** Throwaway screenshots (looked at by hand, not kept). */
const SHOTS = process.env.MEMBER_SHOTS_DIR ?? '/tmp/members-shots';
/** A demo member of 马驹桥店 (seed/demo-members.ts: 159 + store 00 + number 000012). */
const DEMO_PHONE = '15900000012';

/** solo's work code: the receiver of the member messages this spec publishes. */
const SOLO_WORK_CODE = 'S1002';

type StoreRow = { memberId: string; memberNo: string; detail: string };

/** The first row of a tab of 会员跟进, as the page's API answers it to solo. */
async function firstRowOf(page: Page, storeCode: string, tab: 'toAssign' | 'repurchase'): Promise<StoreRow> {
  const response = await page.request.post('/tec/member_ms/memberStore/list', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { storeCode, tab, pageNum: 1, pageSize: 1 },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { list: StoreRow[] } };
  expect(data.list.length).toBe(1);
  return data.list[0]!;
}

/** The upstream side sends solo a member message (business type 9) naming `memberId`. */
async function publishMemberMessage(
  request: APIRequestContext,
  storeCode: string,
  message: { messageType: number; text: string; memberId: string },
) {
  const response = await request.post('/api/im/publish', {
    headers: { 'x-service-token': SERVICE_TOKEN },
    data: {
      storeCode,
      receivers: [SOLO_WORK_CODE],
      businessType: 9,
      messageType: message.messageType,
      text: message.text,
      expandInfo: { memberId: message.memberId },
    },
  });
  expect(response.status()).toBe(200);
}

/** Opens the message saying `text` from the bell's center, and confirms the 消息通知 notice it asks first. */
async function openFromCenter(page: Page, text: string) {
  await page.getByTestId('message-bell').click();
  const drawer = page.getByTestId('message-center');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('message-card').filter({ hasText: text }).getByTestId('message-detail').click();
  const notice = page.locator('.ant-modal-confirm').filter({ hasText: '消息通知' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(text);
  await notice.getByRole('button', { name: /确\s*定/ }).click();
  await expect(notice).toBeHidden();
}

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
      await signInAsSolo(page, '/member/member-inquiry');
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
      await signInAsSolo(page, '/member/member-store');
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

    test(`a member message asks 消息通知, then opens 会员跟进 on the member; repurchase too (${size.width})`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const storeCode = await signInAsSolo(page);
      const rows =
        size.width > 576
          ? page.getByTestId('member-store-table').locator('tbody tr.ant-table-row')
          : page.getByTestId('list-card');

      // 会员升级提醒 去分配 (messageType 3) → 会员跟进 待分配 with that member alone.
      const upgraded = await firstRowOf(page, storeCode, 'toAssign');
      const upgradeText = `会员 ${upgraded.memberNo} 已升级（${size.width}），请分配专属导购`;
      await publishMemberMessage(page.request, storeCode, {
        messageType: 3,
        text: upgradeText,
        memberId: upgraded.memberId,
      });
      await openFromCenter(page, upgradeText);
      await expect(page).toHaveURL(new RegExp(`/member/member-store\\?memberId=${upgraded.memberId}$`));
      await expect(page.getByRole('tab', { name: /待分配/, selected: true })).toBeVisible();
      await expect(page.getByTestId('member-store-only')).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(upgraded.memberNo);
      await shoot(page, `message-upgrade-${size.width}`);

      // 复购提醒 (messageType 1) → 复购到期 with the due member and what is due.
      const due = await firstRowOf(page, storeCode, 'repurchase');
      const dueText = `会员 ${due.memberNo} 的复购已到期（${size.width}），请提醒复购`;
      await publishMemberMessage(page.request, storeCode, {
        messageType: 1,
        text: dueText,
        memberId: due.memberId,
      });
      await openFromCenter(page, dueText);
      await expect(page).toHaveURL(new RegExp(`memberId=${due.memberId}&permissionUser=1$`));
      await expect(page.getByRole('tab', { name: /复购到期/, selected: true })).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(due.memberNo);
      await expect(rows.first()).toContainText(/(月饼|面包) · \d{4}-\d{2}-\d{2}到期/);
      await shoot(page, `message-repurchase-${size.width}`);
    });
  }
});
