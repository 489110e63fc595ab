import '../../test/dom';
import { roleEndpoints, type PermissionNode, type RoleRow } from '@console/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { renderPage } from '../../test/render-page';
import { toggleMenu } from './permission-tree';
import { RolesPage } from './roles-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = {
  list: vi.fn(),
  menuTree: vi.fn(),
  create: vi.fn(),
  edit: vi.fn(),
  remove: vi.fn(),
  shopGroups: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown, options?: { pathParams?: object }) => {
  const name = Object.entries(roleEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name ? api[name](input, options?.pathParams) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();

const node = (
  id: number,
  title: string,
  children: PermissionNode[] = [],
  extra: Partial<PermissionNode> = {},
): PermissionNode => ({
  id,
  title,
  type: children.length ? 0 : 2,
  permission: null,
  held: true,
  children,
  ...extra,
});
// 订单管理 › 已接订单 › 发货 / 导出; 系统工具 › 菜单管理 (not held by the caller).
const TREE = [
  node(1, '订单管理', [
    node(
      2,
      '已接订单',
      [
        node(3, '发货', [], { permission: 'order:ship' }),
        node(4, '导出', [], { permission: 'order:export' }),
      ],
      {
        type: 1,
      },
    ),
  ]),
  node(5, '系统工具', [node(6, '菜单管理', [], { type: 1, held: false })], { held: false }),
];

const role = (id: number, extra: Partial<RoleRow> = {}): RoleRow => ({
  id,
  name: `角色${id}`,
  permission: `role_${id}`,
  description: '描述',
  cloudPlatform: true,
  menuIds: [1, 2, 3, 4],
  dataScope: 'own',
  shopGroups: [],
  userCount: 2,
  createdAt: '2026-11-21 12:00:00',
  editable: true,
  ...extra,
});

// The caller may grant 120 groups: 华北一区 (1), 华东一区 (2), then 分组3 … 分组120 (ids 103 … 220), fifty to a
// page; 华南一区 (3), a group of the edited role, is not among them.
const GROUPS = [
  { id: 1, name: '华北一区' },
  { id: 2, name: '华东一区' },
  ...Array.from({ length: 118 }, (_, i) => ({ id: 103 + i, name: `分组${i + 3}` })),
];
const groupPage = (keyword: string, pageNum: number) => {
  const found = GROUPS.filter((g) => g.name.includes(keyword));
  return { list: found.slice((pageNum - 1) * 50, pageNum * 50), total: found.length, pageNum, pageSize: 50 };
};

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 8000 })).closest('tr')!;

beforeEach(() => {
  useSessionStore.setState({ roles: ['roles:add', 'roles:edit', 'roles:del'] });
  api.list.mockResolvedValue({
    list: [
      role(1, { name: '系统管理员', permission: 'admin', editable: false, dataScope: 'all' }),
      role(2, { name: '店长' }),
      role(3, {
        name: '区域运营',
        dataScope: 'groups',
        shopGroups: [
          { id: 2, name: '华东一区' },
          { id: 3, name: '华南一区' },
        ],
      }),
    ],
    total: 3,
    pageNum: 1,
    pageSize: 20,
  });
  api.menuTree.mockResolvedValue(TREE);
  api.shopGroups.mockImplementation((input: { keyword?: string | null; pageNum: number }) =>
    Promise.resolve(groupPage(input.keyword ?? '', input.pageNum)),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('toggleMenu', () => {
  it('ticks what is below and above; unticks what is below; never adds what is not held', () => {
    expect(toggleMenu(TREE, [], 3, true)).toEqual([1, 2, 3]);
    expect(toggleMenu(TREE, [], 1, true)).toEqual([1, 2, 3, 4]);
    expect(toggleMenu(TREE, [1, 2, 3, 4], 2, false)).toEqual([1]);
    expect(toggleMenu(TREE, [], 5, true)).toEqual([]);
  });
});

describe('RolesPage', { timeout: 60_000 }, () => {
  it('lists roles; one the caller may not change says so and has no edit or delete', async () => {
    renderPage('/system/roles', <RolesPage />);
    const admin = await rowOf('系统管理员');
    expect(within(admin).getByTestId('role-read-only').textContent).toBe('仅系统管理员可修改');
    expect(within(admin).queryByTestId('row-action-edit')).toBeNull();
    expect(within(admin).queryByTestId('row-action-delete')).toBeNull();
    const manager = await rowOf('店长');
    expect(within(manager).getByTestId('row-action-edit')).toBeTruthy();
    expect(api.list).toHaveBeenCalledWith({ pageNum: 1, pageSize: 20 }, undefined);
  });

  it('removes a button from a role through the tree; what the caller does not hold is disabled', async () => {
    api.edit.mockResolvedValue(role(2));
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(within(await rowOf('店长')).getByTestId('row-action-edit'));
    const dialog = await screen.findByTestId('role-dialog');
    expect(within(dialog).getByTestId('permission-tree-hint').textContent).toContain(
      '只能授予自己持有的权限',
    );
    const menus = within(dialog).getByTestId('permission-node-6').closest('.ant-tree-treenode')!;
    expect(menus.querySelector('.ant-tree-checkbox-disabled')).not.toBeNull();
    expect(menus.textContent).toContain('未持有');

    const orders = within(dialog).getByTestId('permission-node-2').closest('.ant-tree-treenode')!;
    await userEvent.click(orders.querySelector('.ant-tree-switcher')!);
    const ship = within(dialog).getByTestId('permission-node-3').closest('.ant-tree-treenode')!;
    await userEvent.click(ship.querySelector('.ant-tree-checkbox')!);
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    await waitFor(() => expect(api.edit).toHaveBeenCalled());
    expect(api.edit).toHaveBeenCalledWith(
      expect.objectContaining({ name: '店长', permission: 'role_2', menuIds: [1, 2, 4] }),
      { id: 2 },
    );
  });

  it('shows each role’s data scope as text', async () => {
    renderPage('/system/roles', <RolesPage />);
    const scopeOf = async (name: string) =>
      within(await rowOf(name)).getByTestId('role-data-scope-text').textContent;
    expect(await scopeOf('系统管理员')).toBe('全部门店');
    expect(await scopeOf('店长')).toBe('本人授权门店');
    expect(await scopeOf('区域运营')).toBe('指定门店分组：华东一区、华南一区');
  });

  it('creates a role with chosen shop groups, asking for a group before the server', async () => {
    api.create.mockResolvedValue(role(9));
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(await screen.findByTestId('roles-add'));
    const dialog = await screen.findByTestId('role-dialog');
    await userEvent.type(screen.getByTestId('role-name'), '华北运营');
    await userEvent.type(screen.getByTestId('role-permission'), 'north_ops');
    expect(within(dialog).getByLabelText<HTMLInputElement>('本人授权门店').checked).toBe(true);
    expect(within(dialog).queryByTestId('role-shop-groups')).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('指定门店分组'));
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    expect(await within(dialog).findByText('请选择门店分组')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('华北一区'));
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ permission: 'north_ops', dataScope: 'groups', shopGroupIds: [1] }),
      undefined,
    );
  });

  it('reaches every group: searched by name on the server, the next page on scrolling', async () => {
    api.create.mockResolvedValue(role(9));
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(await screen.findByTestId('roles-add'));
    const dialog = await screen.findByTestId('role-dialog');
    await userEvent.type(screen.getByTestId('role-name'), '西南运营');
    await userEvent.type(screen.getByTestId('role-permission'), 'west_ops');
    await userEvent.click(within(dialog).getByLabelText('指定门店分组'));
    await userEvent.click(within(dialog).getByRole('combobox'));
    await waitFor(() =>
      expect(api.shopGroups).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 1 }), undefined),
    );
    await screen.findByTitle('华北一区');
    const list = document.querySelector<HTMLElement>('.ant-select-dropdown-list-holder')!;
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 256, configurable: true },
    });
    list.scrollTop = 744;
    fireEvent.scroll(list);
    await waitFor(() =>
      expect(api.shopGroups).toHaveBeenCalledWith(expect.objectContaining({ pageNum: 2 }), undefined),
    );

    await userEvent.type(within(dialog).getByRole('combobox'), '分组118');
    await waitFor(() =>
      expect(api.shopGroups).toHaveBeenCalledWith(
        expect.objectContaining({ keyword: '分组118', pageNum: 1 }),
        undefined,
      ),
    );
    await userEvent.click(await screen.findByTitle('分组118'));
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    await waitFor(() => expect(api.create).toHaveBeenCalled());
    expect(api.create).toHaveBeenCalledWith(
      expect.objectContaining({ dataScope: 'groups', shopGroupIds: [218] }),
      undefined,
    );
  });

  it('keeps the data scope of a groups role, named even when not among the options', async () => {
    api.edit.mockResolvedValue(role(3));
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(within(await rowOf('区域运营')).getByTestId('row-action-edit'));
    const dialog = await screen.findByTestId('role-dialog');
    expect(within(dialog).getByTestId('role-shop-groups').textContent).toContain('华南一区');
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    await waitFor(() => expect(api.edit).toHaveBeenCalled());
    expect(api.edit).toHaveBeenCalledWith(
      expect.objectContaining({ dataScope: 'groups', shopGroupIds: [2, 3] }),
      { id: 3 },
    );
  });

  it('checks the role key before asking the server', async () => {
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(await screen.findByTestId('roles-add'));
    await userEvent.type(screen.getByTestId('role-name'), '新角色');
    await userEvent.type(screen.getByTestId('role-permission'), 'Bad Key');
    await userEvent.click(screen.getByTestId('role-dialog-ok'));
    expect(await screen.findByText('角色标识为2-32位小写字母、数字或下划线，以字母开头')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('asks before deleting and leaves the server’s refusal to the toast', async () => {
    notify.confirm.mockResolvedValue(true);
    api.remove.mockRejectedValue(
      new ApiError('business', '该角色已分配给2名用户，不能删除', { status: 409 }),
    );
    renderPage('/system/roles', <RolesPage />);
    await userEvent.click(within(await rowOf('店长')).getByTestId('row-action-delete'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith({}, { id: 2 }));
    expect(notify.confirm.mock.lastCall?.[0].content).toContain('确定删除角色「店长」吗');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
