import { expect, test } from '../support/test';
import { SCREENSHOT_DIR } from '../support/demo-api';
import { PHONE, settle } from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

test.describe('card heads on a phone', () => {
  test('a page title keeps its width; the head buttons wrap below it when they do not fit', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
    await page.setViewportSize(PHONE);
    // A tree table with three head buttons, and a list page with two.
    for (const [path, title] of [
      ['/system/menus', '菜单管理'],
      ['/system/depts', '部门管理'],
      ['/system/users', '用户管理'],
    ] as const) {
      await page.goto(path);
      const head = page.locator('.ant-card-head-title').filter({ hasText: title }).first();
      await expect(head).toBeVisible({ timeout: 30_000 });
      const clipped = await head.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped, `${title} is not cut off`).toBe(false);
      const headBox = (await head.boundingBox())!;
      expect(headBox.x + headBox.width).toBeLessThanOrEqual(PHONE.width);
      await settle(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/kit-phone-head${path.replace(/\//g, '-')}-390.png` });
    }
  });
});
