import '../../test/dom';
import { menuAdminEndpoints, type MenuAdminNode } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { renderPage } from '../../test/render-page';
import { menuInputOf, parentOptions } from './menu-dialog';
import { MenusPage } from './menus-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = { tree: vi.fn(), create: vi.fn(), update: vi.fn(), delete: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(menuAdminEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();

const menu = (
  id: number,
  type: number,
  title: string,
  extra: Partial<MenuAdminNode> = {},
): MenuAdminNode => ({
  id,
  parentId: null,
  type,
  title,
  name: null,
  path: '',
  component: null,
  icon: null,
  permission: null,
  sort: 0,
  hidden: false,
  noCache: false,
  external: false,
  roleCount: 1,
  createdAt: '2026-11-21T00:00:00.000Z',
  children: [],
  ...extra,
});
const TREE = [
  menu(1, 0, '系统工具', {
    name: 'SystemTools',
    path: '/system',
    component: 'Layout',
    icon: 'ToolOutlined',
    children: [
      menu(2, 1, '菜单配置', {
        parentId: 1,
        name: 'Menu',
        path: 'menus',
        component: 'Menu',
        children: [menu(3, 2, '添加', { parentId: 2, permission: 'menu:add' })],
      }),
      // A page the web registers no component for (issue 12's 部署 is not built).
      menu(4, 1, '服务部署', {
        parentId: 1,
        name: 'Deploy',
        path: 'deploy',
        component: 'Deploy',
        roleCount: 3,
      }),
    ],
  }),
];
const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 8000 })).closest('tr')!;

beforeEach(() => {
  useSessionStore.setState({ roles: ['menu:add', 'menu:edit', 'menu:del'] });
  api.tree.mockResolvedValue({ tree: TREE });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('menu form helpers', () => {
  it('offers directories for pages and pages for buttons, never the edited menu or below it', () => {
    const enabled = (options: ReturnType<typeof parentOptions>): number[] =>
      options.flatMap((o) => [...(o.disabled ? [] : [o.value]), ...enabled(o.children ?? [])]);
    expect(enabled(parentOptions(TREE, 1, null))).toEqual([0, 1]);
    expect(enabled(parentOptions(TREE, 2, null))).toEqual([0, 2, 4]);
    expect(enabled(parentOptions(TREE, 0, 1))).toEqual([0]);
  });

  it('makes the request: 0 is the top, 缓存 is not noCache, an external page has no component', () => {
    expect(
      menuInputOf({
        type: 1,
        parentId: 0,
        title: ' 帮助 ',
        name: 'Help',
        path: ' https://help.example.com ',
        component: 'Dict',
        icon: null,
        sort: 5,
        hidden: false,
        cache: false,
        external: true,
      }),
    ).toMatchObject({
      parentId: null,
      title: '帮助',
      path: 'https://help.example.com',
      component: null,
      noCache: true,
    });
  });
});

describe('MenusPage', { timeout: 60_000 }, () => {
  it('shows the tree with kinds, and marks a component the web does not register', async () => {
    renderPage('/system/menus', <MenusPage />);
    const deploy = await rowOf('服务部署');
    expect(deploy.textContent).toContain('未注册');
    expect((await rowOf('菜单配置')).textContent).not.toContain('未注册');
    expect((await rowOf('添加')).textContent).toContain('按钮');
  });

  it('says in the form that an unknown component shows coming-soon, and refuses a script link', async () => {
    renderPage('/system/menus', <MenusPage />);
    await userEvent.click(within(await rowOf('系统工具')).getByTestId('row-action-addChild'));
    const dialog = await screen.findByTestId('menu-dialog');
    await userEvent.type(within(dialog).getByTestId('menu-title'), '门店巡检');
    await userEvent.type(within(dialog).getByTestId('menu-name'), 'Patrol');
    await userEvent.type(within(dialog).getByTestId('menu-path'), 'patrol');
    await userEvent.type(within(dialog).getByTestId('menu-component'), 'Patrol');
    expect((await within(dialog).findByTestId('menu-coming-soon')).textContent).toContain('敬请期待');

    await userEvent.click(within(dialog).getByTestId('menu-external'));
    const path = within(dialog).getByTestId('menu-path');
    await userEvent.clear(path);
    await userEvent.type(path, 'javascript:alert(1)');
    await userEvent.click(screen.getByTestId('menu-dialog-ok'));
    expect(await within(dialog).findByText('外链地址必须以 http:// 或 https:// 开头')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('saves an edited title', async () => {
    api.update.mockResolvedValue({});
    renderPage('/system/menus', <MenusPage />);
    await userEvent.click(within(await rowOf('菜单配置')).getByTestId('row-action-edit'));
    const title = within(await screen.findByTestId('menu-dialog')).getByTestId('menu-title');
    await userEvent.clear(title);
    await userEvent.type(title, '菜单设置{Enter}');
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.lastCall?.[0]).toMatchObject({
      id: 2,
      parentId: 1,
      type: 1,
      title: '菜单设置',
      name: 'Menu',
      path: 'menus',
      component: 'Menu',
    });
  });

  it('names the roles that lose a menu before deleting it', async () => {
    notify.confirm.mockResolvedValue(false);
    renderPage('/system/menus', <MenusPage />);
    await userEvent.click(within(await rowOf('服务部署')).getByTestId('row-action-delete'));
    await waitFor(() => expect(notify.confirm).toHaveBeenCalled());
    expect(notify.confirm.mock.lastCall?.[0].content).toContain('有3个角色持有它');
    expect(api.delete).not.toHaveBeenCalled();
  });
});
