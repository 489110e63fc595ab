import { expect, test, type Page } from '@playwright/test';
import { forgetLastStore } from '../support/demo-api';
import { pushOrder } from '../support/orders-api';
import { DESKTOP, PHONE, closeCards, settle } from '../support/screens';
import { SCREENS_DIR, shoot, type Findings } from '../support/screen-walk';
import { SERVICE_TOKEN, selectedStoreCode, signIn } from '../support/session';

/**
 * A store clerk's walk through every order screen, at 1366×768 and 390×844: a PNG of each (and of each action
 * dialog) in SCREENS_DIR to look at, and on every one the checks a person would otherwise make by eye — nothing
 * wider than the phone, no raw codes or English words, no `NaN` / `Invalid Date`, money as ¥0.00.
 */
/** Opens one action dialog of the received-order detail, shoots it, and closes it with Escape. */
async function shootAction(page: Page, action: string, name: string, findings: Findings) {
  const button = page.getByTestId(`order-action-${action}`);
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.locator('.ant-modal').last()).toBeVisible();
  await shoot(page, name, findings, { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
}

async function openReceivedRow(page: Page, query: string) {
  await page.goto(`/order/received-orders?${query}`);
  const rows = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().getByTestId('list-key-link').click();
  await expect(page.getByTestId('received-order-detail-page')).toBeVisible();
  await expect(page.getByTestId('order-status')).toBeVisible();
}

test('solo: every order screen of a one-store clerk', async ({ page }) => {
  const findings: Findings = [];
  const polling = page.waitForRequest((r) => r.url().includes('/api/im/listener'), { timeout: 20_000 });
  await signIn(page, 'solo', 'Solo@2026!');
  const storeCode = await selectedStoreCode(page);
  await polling;
  await expect(page.getByTestId('count-ordersToShip')).toBeVisible();
  await shoot(page, 'dashboard', findings);

  // A new order: the pop-up card over the dashboard, then the message drawer with it.
  const omsOrderNo = `SCR${Date.now()}`;
  const planNo = await pushOrder(page.request, storeCode, omsOrderNo, {
    customer: { name: '欧阳娜娜', phone: '13912345678' },
    address: {
      receiverName: '欧阳娜娜',
      receiverPhone: '13912345678',
      countyCode: '110112',
      regionName: '北京市 北京市 通州区',
      detail: '马驹桥镇兴贸二街12号院3号楼2单元1101室（请放快递柜，如快递柜已满请电话联系）',
      latitude: 39.76,
      longitude: 116.55,
    },
    buyerRemark: '请下午送达，周末家里没人请勿配送，谢谢',
    invoice: { type: 'company', title: '北京某某科技有限公司', taxNo: '91110000MA01234567' },
  });
  await expect(page.getByTestId('broadcast-card').filter({ hasText: omsOrderNo })).toBeVisible({
    timeout: 10_000,
  });
  await shoot(page, 'message-card', findings);
  await page.goto('/order/received-orders');
  await expect(page.getByTestId('received-orders-page')).toBeVisible();
  await shoot(page, 'message-card-over-list', findings);
  await closeCards(page);
  await page.getByTestId('message-bell').click();
  await expect(page.getByTestId('message-center')).toBeVisible();
  await expect(page.getByTestId('message-card').first()).toBeVisible();
  await shoot(page, 'message-drawer', findings, { dialog: true });
  await page.keyboard.press('Escape');

  // 抢单 and 抢单详情.
  await page.goto('/order/rob-orders');
  await expect(page.getByTestId('offer-card').filter({ hasText: planNo })).toBeVisible();
  await closeCards(page);
  await shoot(page, 'rob-orders', findings);
  await page.goto(`/order/rob-order-detail?performancePlanOrderNo=${planNo}`);
  await expect(page.getByTestId('rob-order-detail-page')).toContainText(omsOrderNo);
  await shoot(page, 'rob-order-detail', findings);
  await page.getByTestId('offer-grab').click();
  await shoot(page, 'rob-order-grab-confirm', findings, { dialog: true });
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/order\/received-order-detail\?/);
  await closeCards(page);

  // 已接订单 detail of the new order (express, invoice asked): its dialogs.
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await shoot(page, 'received-detail-express', findings);
  await shootAction(page, 'deliver', 'dialog-ship', findings);
  await shootAction(page, 'modifyAddress', 'dialog-address', findings);
  await shootAction(page, 'cancel', 'dialog-cancel', findings);
  // Ship it (Enter submits), then the invoice dialog.
  await page.getByTestId('order-action-deliver').click();
  await page.getByTestId('ship-courier').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
  await page.getByTestId('ship-tracking').fill('SF1234567890123');
  await page.getByTestId('ship-tracking').press('Enter');
  await expect(page.getByTestId('order-status')).toHaveText('已发货');
  await shootAction(page, 'finishInvoice', 'dialog-invoice', findings);
  await page.getByTestId('order-log').scrollIntoViewIfNeeded();
  await shoot(page, 'received-detail-shipped', findings);

  // The demo orders: pickup (write-off), uEnjoy (cycle plan), a cancelled one.
  await openReceivedRow(page, 'status=wait_ship&deliveryType=pickup');
  await shoot(page, 'received-detail-pickup', findings);
  // 核销 is the pickup order's main action; 取消订单 is never the primary (filled) button.
  await expect(page.getByTestId('order-action-writeOff')).toHaveClass(/ant-btn-primary/);
  await expect(page.getByTestId('order-action-cancel')).not.toHaveClass(/ant-btn-primary/);
  await shootAction(page, 'writeOff', 'dialog-write-off', findings);
  // The demo uEnjoy order is the oldest one waiting to ship.
  await page.goto('/order/received-orders?status=wait_ship');
  const waitingRows = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
  await expect(waitingRows.first()).toBeVisible();
  await waitingRows.last().getByTestId('list-key-link').click();
  await expect(page.getByTestId('received-order-detail-page')).toBeVisible();
  await shoot(page, 'received-detail-uenjoy', findings);
  await shootAction(page, 'modifyCyclePlan', 'dialog-cycle-plan', findings);
  await openReceivedRow(page, 'status=cancelled');
  await shoot(page, 'received-detail-cancelled', findings);

  // 已接订单 list: filled, empty, loading.
  await page.goto('/order/received-orders');
  await expect(page.getByTestId('received-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await shoot(page, 'received-list', findings);
  await page.goto('/order/received-orders?keyword=NOSUCHORDER');
  await expect(page.getByTestId('received-table')).toContainText(/暂无/);
  await shoot(page, 'received-list-empty', findings);
  // Loading: a slow list keeps the rows area busy, not blank.
  await page.goto('/order/received-orders');
  await expect(page.getByTestId('received-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.route('**/tec/trade_order/manager/order/list**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue().catch(() => undefined);
  });
  // A filter not read before (a cached one shows at once).
  await page.getByTestId('received-status').getByText('已完成').click();
  // The previous rows stay, dimmed under a spinner (the test id sits on the table inside the Spin).
  await expect(page.locator('[data-testid="received-orders-page"] .ant-spin-spinning')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/received-list-loading-1366.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SCREENS_DIR}/received-list-loading-390.png` });
  await page.setViewportSize(DESKTOP);
  await page.unroute('**/tec/trade_order/manager/order/list**');

  // Sound turned off and no cards: the lasting 提示音已关闭 must not sit on the page's 刷新 / 导出.
  await page.evaluate(() => localStorage.setItem('im-sound-muted', '1'));
  await page.goto('/order/received-orders');
  const muted = page.getByTestId('sound-muted');
  await expect(muted).toBeVisible();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    const pill = (await muted.boundingBox())!;
    for (const name of [/刷\s*新/, /导\s*出/]) {
      const box = (await page.getByRole('button', { name }).first().boundingBox())!;
      const overlaps =
        pill.x < box.x + box.width &&
        box.x < pill.x + pill.width &&
        pill.y < box.y + box.height &&
        box.y < pill.y + pill.height;
      if (overlaps) findings.push(`sound-muted@${viewport.width}: covers the ${name} button`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'received-list-sound-muted', findings);
  await page.evaluate(() => localStorage.removeItem('im-sound-muted'));

  // 未接订单.
  await page.goto('/order/untaken-orders');
  await expect(page.getByTestId('untaken-orders-page')).toBeVisible();
  await shoot(page, 'untaken-orders', findings);

  // 客户意向 list and detail.
  await page.request.post('/api/integration/intentions', {
    headers: { 'x-service-token': SERVICE_TOKEN },
    data: {
      omsConsultantsNo: `SCRI${Date.now()}`,
      storeCode,
      customer: { name: '司马相如', phone: '13612345678' },
      interest: '想为公司年会订购 200 份月饼礼盒，需要开具增值税专用发票，希望本周内有人联系报价',
    },
  });
  await page.goto('/order/customer-intentions');
  const intentionRows = page.getByTestId('intentions-table').locator('tbody tr.ant-table-row');
  await expect(intentionRows.first()).toBeVisible();
  await closeCards(page);
  await shoot(page, 'intentions', findings);
  await intentionRows.first().click();
  await expect(page.getByTestId('intention-detail-page')).toBeVisible();
  await shoot(page, 'intention-detail', findings);

  // 取消核查: list, add dialog, drawer.
  await page.goto('/order/cancel-check-help');
  await expect(page.getByTestId('cancel-checks-page')).toBeVisible();
  await shoot(page, 'cancel-checks-empty', findings);
  await page.getByTestId('add-check').click();
  await shoot(page, 'cancel-check-add', findings, { dialog: true });
  await page.keyboard.press('Escape');
  await page.goto('/order/received-orders?status=wait_ship');
  const waiting = page.getByTestId('received-table').locator('tbody tr.ant-table-row').first();
  await expect(waiting).toBeVisible();
  const performanceOrderNo = /PF\d+/.exec((await waiting.textContent()) ?? '')?.[0] ?? '';
  await page.goto('/order/cancel-check-help');
  await page.getByTestId('add-check').click();
  await page.getByTestId('add-check-order').fill(performanceOrderNo);
  await page.getByTestId('add-check-reason').fill('顾客到店口头要求取消，请核实');
  await page.getByTestId('add-check-dialog-ok').click();
  await expect(page.getByTestId('check-drawer')).toBeVisible();
  await closeCards(page);
  await shoot(page, 'cancel-check-drawer', findings, { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('check-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await closeCards(page);
  await shoot(page, 'cancel-checks', findings);

  // 导出记录: export the received list first.
  await page.goto('/order/received-orders');
  await expect(page.getByTestId('received-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('received-export').click();
  await expect(page.getByTestId('export-queued')).toBeVisible();
  await shoot(page, 'export-queued', findings);
  await page.goto('/order/export-records');
  const exportRow = page.getByTestId('export-table').locator('tbody tr.ant-table-row').first();
  await expect(exportRow.getByTestId('export-status')).toHaveText('已完成', { timeout: 30_000 });
  await shoot(page, 'export-records', findings);

  console.log(`solo findings:\n${findings.join('\n') || '(none)'}`);
  expect.soft(findings).toEqual([]);
});

test.describe('staff', () => {
  test.beforeEach(async ({ request }) => forgetLastStore(request, 'staff'));
  test.afterEach(async ({ request }) => forgetLastStore(request, 'staff'));

  test('staff: both valet flows step by step, 代客订单 list and detail', async ({ page }) => {
    const findings: Findings = [];
    await signIn(page, 'staff', 'Staff@2026!');
    const dialog = page.getByTestId('store-select-dialog');
    await expect(dialog).toBeVisible();
    await shoot(page, 'store-select', findings, { dialog: true });
    await page.getByTestId('store-radio').filter({ hasText: '亦庄文化园店' }).click();
    await page.getByTestId('store-select-ok').click();
    await expect(dialog).toBeHidden();

    // Points mall.
    await page.goto('/order/valet-order-create');
    await expect(page.getByTestId('valet-create-page')).toBeVisible();
    await shoot(page, 'valet-integral-1-member-empty', findings);
    await page.getByTestId('member-search').getByRole('searchbox').fill('1370000');
    await page.getByTestId('member-search').getByRole('searchbox').press('Enter');
    const option = page.getByTestId('member-option').first();
    await expect(option).toBeVisible();
    await shoot(page, 'valet-integral-1-member', findings);
    await option.getByTestId('member-choose').click();
    await page.getByTestId('step-next').click();
    await page.getByTestId('delivery-type').getByText('快递配送').click();
    await expect(page.getByTestId('address-option').first()).toBeVisible();
    await page.getByTestId('address-option').first().click();
    await shoot(page, 'valet-integral-2-address', findings);
    await page.getByTestId('address-add').click();
    await shoot(page, 'valet-address-add-dialog', findings, { dialog: true });
    await page.keyboard.press('Escape');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('sku-card').first()).toBeVisible();
    const qty = page.locator('input[data-testid="qty-I2003"], [data-testid="qty-I2003"] input').first();
    await qty.fill('1');
    await qty.press('Tab');
    await shoot(page, 'valet-integral-3-items', findings);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('trial-points')).toBeVisible();
    await shoot(page, 'valet-integral-4-trial', findings);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('confirm-items')).toBeVisible();
    await shoot(page, 'valet-integral-5-confirm', findings);
    await page.getByTestId('valet-submit').click();
    await expect(page.getByTestId('valet-created')).toContainText('待确认');
    await shoot(page, 'valet-integral-6-created', findings);

    // uEnjoy.
    await page.goto('/order/valet-orders');
    await page.goto('/order/valet-order-create');
    await expect(page.getByTestId('valet-create-page')).toBeVisible();
    if ((await page.getByTestId('member-selected').count()) === 0) {
      await page.getByTestId('member-search').getByRole('searchbox').fill('1370000');
      await page.getByTestId('member-search').getByRole('searchbox').press('Enter');
      await page.getByTestId('member-option').first().getByTestId('member-choose').click();
    }
    await page.getByTestId('step-next').click();
    await page.getByTestId('delivery-type').getByText('快递配送').click();
    await page.getByTestId('address-option').first().click();
    await page.getByTestId('step-next').click();
    await page.getByRole('tab', { name: /优享/ }).click();
    await expect(page.getByTestId('uenjoy-skus').getByTestId('uenjoy-sku-card').first()).toBeVisible();
    await shoot(page, 'valet-uenjoy-3-shelf', findings);
    await page.getByTestId('uenjoy-add-U3001').click();
    await expect(page.getByTestId('uenjoy-plan-U3001')).toBeVisible();
    await shoot(page, 'valet-uenjoy-3-items', findings);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('trial-step')).toBeVisible();
    await shoot(page, 'valet-uenjoy-4-trial-before', findings);
    await page.getByTestId('trial-run').click();
    await expect(page.getByTestId('trial-table')).toBeVisible();
    await shoot(page, 'valet-uenjoy-4-trial', findings);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('confirm-step')).toBeVisible();
    await shoot(page, 'valet-uenjoy-5-confirm', findings);
    await page.getByTestId('valet-submit').click();
    await expect(page.getByTestId('valet-created')).toBeVisible();
    await shoot(page, 'valet-uenjoy-6-created', findings);
    await page.getByTestId('valet-open-detail').click();
    await expect(page.getByTestId('valet-detail-page')).toBeVisible();
    await shoot(page, 'valet-detail', findings);
    if ((await page.getByTestId('detail-cancel').count()) > 0) {
      await page.getByTestId('detail-cancel').click();
      await shoot(page, 'valet-cancel-dialog', findings, { dialog: true });
      await page.keyboard.press('Escape');
    }

    await page.goto('/order/valet-orders');
    await expect(page.getByTestId('valet-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await closeCards(page);
    await shoot(page, 'valet-orders', findings);
    await page.goto('/order/valet-orders?keyword=NOSUCH');
    await shoot(page, 'valet-orders-empty', findings);

    console.log(`staff findings:\n${findings.join('\n') || '(none)'}`);
    expect.soft(findings).toEqual([]);
  });
});
