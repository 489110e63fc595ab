import { expect, test, type Page } from '../support/test';
import { DEMO_USERS, closeConsoles, pickStoreIfAsked, signIn, tokenOf } from '../support/session';
import { shootBothSizes } from '../support/screens';

const { admin, solo } = DEMO_USERS;

async function adminAt(page: Page, path: string, ready: string) {
  await signIn(page, admin.username, admin.password, path);
  await pickStoreIfAsked(page, ready);
}

test.describe('系统监控 and 版本发布', () => {
  test.setTimeout(240_000);
  test.afterEach(closeConsoles);

  test('the server monitor shows this instance with its figures and trends', async ({ page }) => {
    await signIn(page, admin.username, admin.password);
    // Through the sidebar, as an administrator finds it: 系统工具 › 系统监控 › 服务监控.
    await page.getByRole('menuitem', { name: /系统工具/ }).click();
    await page.getByRole('menuitem', { name: /系统监控/ }).click();
    await page.getByRole('menuitem', { name: /服务监控/ }).click();
    await pickStoreIfAsked(page, 'server-monitor-page');
    const instance = page.getByTestId('server-instance').filter({ hasText: '当前实例' });
    await expect(instance).toBeVisible();
    await expect(instance.getByTestId('server-instance-state')).toHaveText('运行中');
    await expect(instance.getByTestId('gauge-cpu')).toBeVisible();
    await expect(instance.getByTestId('gauge-heap')).toContainText('Node 堆内存');
    await expect(instance.getByTestId('trend-cpu')).toBeVisible();
    // The page refreshes at the heartbeat period: the trend gains a sample within a few seconds.
    const samples = async () =>
      (await instance.getByTestId('trend-heap').locator('polyline').getAttribute('points'))?.split(' ')
        .length ?? 0;
    await expect.poll(samples, { timeout: 20_000 }).toBeGreaterThan(1);
    await shootBothSizes(page, 'monitor-server');
  });

  test('SQL, Redis and database monitors read; the SQL statistics reset', async ({ page }) => {
    await adminAt(page, '/system/monitor/sql', 'sql-monitor-page');
    await expect(page.getByTestId('sql-monitor-page')).toContainText('应用计时（本实例）');
    await expect(page.getByTestId('sql-frequent')).toContainText(/select/i);
    await shootBothSizes(page, 'monitor-sql');
    await page.getByTestId('sql-reset').click();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.locator('.ant-message')).toContainText('SQL 统计已重置');

    await page.goto('/system/monitor/redis');
    await expect(page.getByTestId('redis-not-configured')).toContainText('未配置 Redis');
    await shootBothSizes(page, 'monitor-redis');

    await page.goto('/system/monitor/database');
    await expect(page.getByTestId('database-tables')).toContainText('members');
    await expect(page.getByTestId('database-size-chart').getByRole('listitem').first()).toBeVisible();
    await shootBothSizes(page, 'monitor-database');
  });

  test('a release is published and open consoles are told to reload', async ({ page }) => {
    await adminAt(page, '/system/releases', 'release-page');
    await expect(page.getByTestId('release-instances')).toContainText('当前实例');
    await page.getByTestId('release-publish').click();
    await page.getByTestId('release-version').fill('9.9.9');
    await page.getByTestId('release-commit').fill('$(reboot)');
    await page.getByTestId('release-publish-dialog-ok').click();
    await expect(page.getByTestId('release-publish-dialog')).toContainText('提交号应为7到40位十六进制字符');
    await page.getByTestId('release-commit').fill('3af53db');
    await page.getByTestId('release-notes').fill('服务监控与版本发布');
    await shootBothSizes(page, 'release-publish-dialog');
    await page.getByTestId('release-publish-dialog-ok').click();
    const latest = page.getByTestId('release-records').locator('tbody tr.ant-table-row').first();
    await expect(latest).toContainText('9.9.9');
    await expect(latest).toContainText('最新');
    await shootBothSizes(page, 'release-records');

    // The index.html served now names the release, which this console (loaded before it) was not served with:
    // its next version check asks for a reload. A failed script of our own origin is one of the check's triggers;
    // triggers within 5 s of the start-up check share its answer (spec 9), so a fast run fails scripts until one
    // starts a comparison of its own.
    const html = await (await page.request.get('/?hash=e2e&apmIgnore=1')).text();
    expect(html).toMatch(/<meta name="console-release" content="\d+">/);
    await expect(async () => {
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.src = `/assets/e2e-missing-chunk.js?at=${Date.now()}`;
        document.head.append(script);
      });
      await expect(page.locator('.ant-modal-confirm')).toContainText('平台已发布新版本', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });

  test('store staff see none of these menus and get 403 from their APIs', async ({ page }) => {
    await signIn(page, solo.username, solo.password);
    await expect(page.getByRole('menuitem', { name: /系统工具/ })).toHaveCount(0);
    const token = await tokenOf(page);
    const headers = { authorization: `Bearer ${token}` };
    for (const path of [
      '/api/monitor/servers',
      '/api/monitor/sql',
      '/api/monitor/redis',
      '/api/monitor/database',
      '/api/system/releases',
    ])
      expect((await page.request.get(path, { headers })).status(), path).toBe(403);
    // A valid body: the input is checked before the access rule, and the refusal must be the access rule's.
    const release = { version: '9.9.10', commit: 'abcdef1', builtAt: new Date().toISOString() };
    for (const [path, data] of [
      ['/api/monitor/sql/reset', {}],
      ['/api/system/releases/publish', release],
    ] as const)
      expect((await page.request.post(path, { headers, data })).status(), path).toBe(403);
  });
});
