import { expect, test, type Page } from '../support/test';
import { DEMO_USERS, signIn, switchStore, workInStore } from '../support/session';
import { closeCards, DESKTOP, PHONE, settle } from '../support/screens';

/** admin's remembered store: the event is for it, so it shows on its calendar and dashboard. */
const STORE_NAME = '亦庄文化园店';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/teatree-shots';

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

for (const size of [DESKTOP, PHONE]) {
  test(`head office adds an event; the store sees it on the calendar and the dashboard (${size.width})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const title = `新品品鉴会${size.width}`;
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'admin', 'Admin@2026!');
    await switchStore(page, STORE_NAME);
    await page.setViewportSize(size);
    await page.goto('/marketing/marketing-calendar');
    await closeCards(page);
    const calendar = page.getByTestId('marketing-calendar-page');
    await expect(calendar.getByTestId('calendar-event').first()).toBeVisible({ timeout: 30_000 });
    await shoot(page, 'calendar-month');

    await page.getByTestId('calendar-add-open').click();
    await page.getByTestId('calendar-add-title').fill(title);
    const stores = page.getByTestId('calendar-add-stores');
    await stores.click();
    await page.keyboard.type(STORE_NAME);
    await page.locator('.ant-select-item-option').filter({ hasText: STORE_NAME }).first().click();
    await page.getByTestId('calendar-add-title').click();
    await shoot(page, 'calendar-add');
    await page.getByTestId('calendar-add-ok').click();
    await expect(calendar.getByTestId('calendar-event').filter({ hasText: title }).first()).toBeVisible();

    await page.getByTestId('calendar-view').getByText('列表').click();
    // A phone gets the kit's cards, not a table scrolling sideways.
    const listView = page.getByTestId(size === PHONE ? 'calendar-cards' : 'calendar-table');
    await expect(listView).toContainText(title);
    await shoot(page, 'calendar-list');

    await page.goto('/dashboard');
    await expect(page.getByTestId('upcoming-events')).toContainText(title);
    await shoot(page, 'dashboard-upcoming');
  });
}

test('store staff open 营销日历 from their menu and see the event head office added for their store', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_USERS.staff.username, DEMO_USERS.staff.password);
  await workInStore(page, STORE_NAME);
  await page.getByRole('menuitem', { name: '营销' }).click();
  await page.getByRole('menuitem', { name: '营销日历' }).click();
  const calendar = page.getByTestId('marketing-calendar-page');
  await expect(
    calendar
      .getByTestId('calendar-event')
      .filter({ hasText: `新品品鉴会${DESKTOP.width}` })
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('menuitem', { name: '茶树认养' })).toHaveCount(0);
  await expect(page.getByTestId('calendar-add-open')).toHaveCount(0);
  await shoot(page, 'calendar-staff');
});
