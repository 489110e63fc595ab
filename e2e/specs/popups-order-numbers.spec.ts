import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { pushOrder } from '../support/orders-api';
import { DESKTOP, PHONE, closeCards, settle, shootBothSizes } from '../support/screens';
import { SERVICE_TOKEN, closeConsoles, openConsole, pollStarted, signInAsSolo } from '../support/session';
import { SCREENSHOT_DIR } from '../support/demo-api';

/** Three messages for every member of the store, one after another. */
async function publishThree(request: APIRequestContext, storeCode: string, tag: string) {
  for (const [index, text] of [
    '要货单 RG01 缺货',
    '要货单 RG02 待您审核',
    '会员王女士已30天未复购',
  ].entries()) {
    const response = await request.post('/api/im/publish', {
      headers: { 'x-service-token': SERVICE_TOKEN },
      data: {
        storeCode,
        ...[
          { businessType: 4, messageType: 9 },
          { businessType: 5, messageType: 21 },
          { businessType: 9, messageType: 1 },
        ][index],
        text: `${tag} ${text}`,
        expandInfo: { id: String(index + 1) },
      },
    });
    expect(response.status()).toBe(200);
  }
}

/** Nothing lies over the middle of `target`: a click there reaches it. */
async function expectUncovered(target: Locator) {
  await expect(target).toBeVisible();
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
  expect(onTop, 'nothing covers it').toBe(true);
}

/** A received order of solo's store waiting to ship, its detail open. */
async function openWaitingOrder(page: Page) {
  await page.goto('/order/received-orders?status=wait_ship');
  await page.getByTestId('list-key-link').first().click();
  await expect(page.getByTestId('received-order-detail-page')).toBeVisible();
  await closeCards(page);
}

const stackOf = (page: Page) => page.getByTestId('broadcast-stack');

test.describe('pop-ups that never hide the work (issue 15 point 7)', () => {
  test.afterEach(closeConsoles);

  test('desktop: one card bottom right with 还有N条; the detail actions stay reachable', async ({ page }) => {
    test.setTimeout(120_000);
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;
    await openWaitingOrder(page);
    const actions = page.getByTestId('order-actions');
    await expect(actions).toBeVisible();

    const tag = `P7D${Date.now()}`;
    await publishThree(page.request, storeCode, tag);
    await expect(stackOf(page)).toHaveAttribute('data-kept', '3', { timeout: 10_000 });
    const cards = page.getByTestId('broadcast-card');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(`${tag} 会员王女士已30天未复购`);
    const more = page.getByTestId('broadcast-more');
    await expect(more).toHaveText('还有2条');
    // The detail's action bar, the refresh and the header stay reachable while the card shows.
    for (const button of await actions.getByRole('button').all()) await expectUncovered(button);
    await expectUncovered(page.getByTestId('message-bell'));
    const card = (await cards.boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(DESKTOP.width);
    expect(card.y + card.height).toBeLessThanOrEqual(DESKTOP.height);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popups-desktop-one-card-1366.png` });

    // 还有2条 unfolds the three kept cards, newest on top; 收起 folds them.
    await more.click();
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('会员王女士');
    await expect(more).toHaveText('收起');
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popups-desktop-unfolded-1366.png` });
    await more.click();
    await expect(cards).toHaveCount(1);

    // Closing the shown card brings the next kept one.
    await cards.getByTestId('broadcast-card-close').click();
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText(`${tag} 要货单 RG02 待您审核`);
    await expect(more).toHaveText('还有1条');
  });

  test('phone: a one-line banner under the header that unfolds on a tap, never over the action bar', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await openConsole(browser, { viewport: PHONE });
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;
    await openWaitingOrder(page);
    const actions = page.getByTestId('order-actions');
    await expect(actions).toBeVisible();

    const tag = `P7P${Date.now()}`;
    await publishThree(page.request, storeCode, tag);
    const banner = page.getByTestId('broadcast-banner');
    await expect(banner).toBeVisible({ timeout: 10_000 });
    await expect(stackOf(page)).toHaveAttribute('data-kept', '3');
    await expect(banner).toContainText(`${tag} 会员王女士已30天未复购`);
    await expect(banner).toContainText('还有2条');
    await expect(page.getByTestId('broadcast-card')).toHaveCount(0);
    // One line under the navigation bar, in the flow: the page starts below it.
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox.height).toBeLessThanOrEqual(40);
    expect(bannerBox.width).toBeGreaterThan(PHONE.width * 0.7);
    const navBottom = await page
      .locator('header')
      .evaluate((h) => h.firstElementChild!.getBoundingClientRect().bottom);
    expect(bannerBox.y).toBeGreaterThanOrEqual(navBottom - 1);
    expect((await actions.boundingBox())!.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
    for (const button of await actions.getByRole('button').all()) await expectUncovered(button);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popups-phone-banner-390.png` });

    // A tap unfolds the cards under the banner; the page moves down, nothing is covered.
    await banner.click();
    await expect(banner).toHaveAttribute('aria-expanded', 'true');
    const cards = page.getByTestId('broadcast-card');
    await expect(cards).toHaveCount(3);
    const lastCard = (await cards.last().boundingBox())!;
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/popups-phone-unfolded-390.png` });
    const actionsBox = await actions.boundingBox();
    if (actionsBox) expect(actionsBox.y).toBeGreaterThanOrEqual(lastCard.y + lastCard.height);
    await banner.click();
    await expect(cards).toHaveCount(0);

    // × closes them all.
    await page.getByTestId('broadcast-banner-close').click();
    await expect(banner).toHaveCount(0);
    await expect(stackOf(page)).toHaveAttribute('data-kept', '0');
    for (const button of await actions.getByRole('button').all()) await expectUncovered(button);
  });

  test('the clerk who grabs an order gets no pop-up about it, on any of their screens', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const counter = await openConsole(browser);
    const phone = await openConsole(browser, { viewport: PHONE });
    const counterPolling = pollStarted(counter);
    const storeCode = await signInAsSolo(counter);
    await counterPolling;
    const phonePolling = pollStarted(phone);
    await signInAsSolo(phone);
    await phonePolling;
    const omsOrderNo = `E2EOWN${Date.now()}`;
    const planNo = await pushOrder(counter.request, storeCode, omsOrderNo);
    // The offer itself pops up on both.
    await expect(counter.getByTestId('broadcast-card').filter({ hasText: omsOrderNo })).toBeVisible({
      timeout: 10_000,
    });
    await expect(phone.getByTestId('broadcast-banner')).toContainText(omsOrderNo, { timeout: 10_000 });
    await closeCards(counter);
    await closeCards(phone);

    await phone.goto(`/order/rob-order-detail?performancePlanOrderNo=${planNo}`);
    await expect(phone.getByTestId('offer-grab')).toBeVisible({ timeout: 30_000 });
    await counter.goto(`/order/rob-order-detail?performancePlanOrderNo=${planNo}`);
    await counter.getByTestId('offer-grab').click();
    await counter.getByRole('button', { name: /确\s*定/ }).click();
    await expect(counter).toHaveURL(/\/order\/received-order-detail\?/);

    // The 待发货 message reached the phone (its offer page says the store took it) ...
    await expect(phone.getByTestId('offer-outcome')).toContainText('本门店已接下该订单', { timeout: 30_000 });
    await counter.waitForTimeout(1_500);
    // ... yet neither screen pops it up.
    await expect(stackOf(counter)).toHaveAttribute('data-kept', '0');
    await expect(stackOf(phone)).toHaveAttribute('data-kept', '0');
    await expect(phone.getByTestId('broadcast-banner')).toHaveCount(0);

    // It waits in the message center as the clerk's to-do.
    await counter.getByTestId('message-bell').click();
    const drawer = counter.getByTestId('message-center');
    await expect(
      drawer
        .getByTestId('message-card')
        .filter({ hasText: '您有待发货的订单' })
        .filter({ hasText: omsOrderNo }),
    ).toHaveCount(1);
  });
});

test.describe('one order number everywhere (issue 15 point 2)', () => {
  test('the pop-up, the message center, the 抢单 card, the lists and the details lead with the customer number', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const polling = pollStarted(page);
    const storeCode = await signInAsSolo(page);
    await polling;
    const omsOrderNo = `E2ENO${Date.now()}`;
    const planNo = await pushOrder(page.request, storeCode, omsOrderNo);

    // The pop-up and the message center say the customer's number.
    const card = page.getByTestId('broadcast-card').filter({ hasText: omsOrderNo });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await page.getByTestId('message-bell').click();
    const drawer = page.getByTestId('message-center');
    await expect(drawer.getByTestId('message-card').filter({ hasText: omsOrderNo }).first()).toBeVisible();
    await shootBothSizes(page, 'numbers-message-center');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The 抢单 card leads with it; the plan number is secondary.
    await page.goto('/order/rob-orders');
    const offer = page.getByTestId('offer-card').filter({ hasText: omsOrderNo });
    await expect(offer.getByTestId('offer-open')).toHaveText(omsOrderNo);
    await expect(offer.getByTestId('offer-plan-no')).toHaveText(`抢单编号 ${planNo}`);
    await closeCards(page);
    await offer.scrollIntoViewIfNeeded();
    await shootBothSizes(page, 'numbers-rob-card');
    await page.setViewportSize(PHONE);
    await expect(offer.getByTestId('offer-open')).toHaveText(omsOrderNo);
    await page.setViewportSize(DESKTOP);

    // 抢单详情 is titled by it and lists it first.
    await offer.getByTestId('offer-open').click();
    const robDetail = page.getByTestId('rob-order-detail-page');
    await expect(robDetail.locator('.ant-card-head-title').first()).toHaveText(`抢单详情 ${omsOrderNo}`);
    await expect(page).toHaveTitle(new RegExp(omsOrderNo));
    const robText = await robDetail.innerText();
    expect(robText.indexOf(omsOrderNo)).toBeLessThan(robText.indexOf(planNo));
    await closeCards(page);
    await shootBothSizes(page, 'numbers-rob-detail');

    // Grabbed: 已接订单详情 likewise, the performance number after it.
    await page.getByTestId('offer-grab').click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/order\/received-order-detail\?/);
    const detail = page.getByTestId('received-order-detail-page');
    await expect(detail.locator('.ant-card-head-title').first()).toHaveText(`已接订单详情 ${omsOrderNo}`);
    const performanceOrderNo = new URL(page.url()).searchParams.get('performanceOrderNo') ?? '';
    expect(performanceOrderNo).toMatch(/^PF/);
    const detailText = await detail.innerText();
    expect(detailText.indexOf(omsOrderNo)).toBeLessThan(detailText.indexOf(performanceOrderNo));
    await closeCards(page);
    await shootBothSizes(page, 'numbers-received-detail');

    // 已接订单: the key link is the customer's number, the performance number under it, at both sizes.
    await page.goto(`/order/received-orders?keyword=${omsOrderNo}`);
    const row = page.getByTestId('received-table').locator('tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('list-key-link')).toHaveText(omsOrderNo);
    await expect(row).toContainText(`履约单号 ${performanceOrderNo}`);
    await closeCards(page);
    await shootBothSizes(page, 'numbers-received-list');
    await page.setViewportSize(PHONE);
    const phoneCard = page.getByTestId('list-card').first();
    await expect(phoneCard.getByTestId('list-key-link')).toHaveText(omsOrderNo);
    await expect(phoneCard).toContainText(`履约单号 ${performanceOrderNo}`);
    await page.setViewportSize(DESKTOP);
  });
});
