import '../../test/dom';
import { userAdminEndpoints, type UserDetail, type UserRow } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { renderPage, where } from '../../test/render-page';
import { UsersAdminPage } from './users-admin-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = {
  page: vi.fn(),
  detail: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
  setEnabled: vi.fn(),
  resetPassword: vi.fn(),
  formOptions: vi.fn(),
  storeOptions: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(userAdminEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();

const renderAt = (search = '') => renderPage(`/system/users${search}`, <UsersAdminPage />);

function row(id: number, overrides: Partial<UserRow> = {}): UserRow {
  return {
    id,
    username: `user${id}`,
    nickName: `员工${id}`,
    workCode: `S${id}`,
    phoneMasked: '139****0001',
    deptId: 3,
    deptName: '华北一区',
    roles: [{ id: 2, name: '门店店员', permission: 'store_staff' }],
    storeCount: 2,
    storeNames: ['亦庄店', '三里屯店'],
    enabled: true,
    mustChangePassword: false,
    createdAt: '2026-11-21T04:52:31.564Z',
    manageable: true,
    ...overrides,
  };
}

const lastBody = () => api.page.mock.lastCall?.[0] as Record<string, unknown>;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  useSessionStore.setState({ roles: ['user:add', 'user:edit', 'user:enable', 'user:resetPwd'] });
  api.page.mockResolvedValue({
    list: [
      row(1),
      row(2, { enabled: false, mustChangePassword: true }),
      row(3, { manageable: false, roles: [{ id: 1, name: '系统管理员', permission: 'admin' }] }),
    ],
    total: 3,
    pageNum: 1,
    pageSize: 20,
  });
  api.formOptions.mockResolvedValue({
    roles: [{ id: 2, name: '门店店员', permission: 'store_staff' }],
    departments: [{ id: 3, name: '华北一区', parentId: null }],
  });
  api.storeOptions.mockResolvedValue([
    { shopCode: 'SD001', shopName: '亦庄店' },
    { shopCode: 'SD002', shopName: '三里屯店' },
  ]);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('UsersAdminPage', { timeout: 60_000 }, () => {
  it('reads the filters from the URL into the call, shows the count, states and masked phones', async () => {
    renderAt('?keyword=张&dept=3&role=2&shop=SD001&state=disabled&pageSize=50&bogus=1');
    await screen.findByText('员工1');
    expect(lastBody()).toEqual({
      keyword: '张',
      deptId: 3,
      roleId: 2,
      shopCode: 'SD001',
      enabled: false,
      pageNum: 1,
      pageSize: 50,
    });
    expect(screen.getByTestId('users-total').textContent).toBe('共 3 条');
    expect(within(rowOf('员工2')).getByText('停用')).toBeTruthy();
    expect(within(rowOf('员工2')).getByText('待改密')).toBeTruthy();
    expect(within(rowOf('员工1')).getByText('139****0001')).toBeTruthy();
  });

  it('a bad filter in the URL is no filter; a search goes back to page 1', async () => {
    renderAt('?dept=abc&state=lost&pageNum=3');
    await screen.findByText('员工1');
    expect(lastBody()).toEqual({ pageNum: 3, pageSize: 20 });
    await userEvent.type(screen.getByTestId('users-keyword').querySelector('input')!, 'S2001{Enter}');
    await waitFor(() => expect(where()).toBe('/system/users?keyword=S2001'));
  });

  it('offers actions by state and never on a user the caller may not manage', async () => {
    renderAt();
    await screen.findByText('员工1');
    expect(within(rowOf('员工1')).getByTestId('row-action-disable')).toBeTruthy();
    expect(within(rowOf('员工1')).queryByTestId('row-action-enable')).toBeNull();
    expect(within(rowOf('员工2')).getByTestId('row-action-enable')).toBeTruthy();
    expect(within(rowOf('员工3')).queryAllByRole('button')).toHaveLength(0);
  });

  it('disables after a confirmation that says the user is signed out', async () => {
    notify.confirm.mockResolvedValue(true);
    api.setEnabled.mockResolvedValue({ ...row(1), enabled: false });
    renderAt();
    await screen.findByText('员工1');
    await userEvent.click(within(rowOf('员工1')).getByTestId('row-action-disable'));
    expect(notify.confirm.mock.lastCall?.[0].content).toContain('立即退出登录');
    await waitFor(() => expect(api.setEnabled).toHaveBeenCalledWith({ id: 1, enabled: false }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已停用，该用户已退出登录'));
  });

  it('resets a password after a confirmation and shows the one-time password once', async () => {
    notify.confirm.mockResolvedValue(true);
    api.resetPassword.mockResolvedValue({ id: 1, oneTimePassword: 'Ab3dEf7hJk9m' });
    renderAt();
    await screen.findByText('员工1');
    await userEvent.click(within(rowOf('员工1')).getByTestId('row-action-reset-password'));
    await waitFor(() => expect(api.resetPassword).toHaveBeenCalledWith({ id: 1 }));
    expect((await screen.findByTestId('one-time-password')).textContent).toContain('Ab3dEf7hJk9m');
    expect(screen.getByText(/关闭后将无法再次查看/)).toBeTruthy();
  });

  it('creates a user: the form checks the fields, then the one-time password shows', async () => {
    api.create.mockResolvedValue({ id: 9, oneTimePassword: 'Zx8cVb2nMq4w' });
    renderAt();
    await screen.findByText('员工1');
    await userEvent.click(screen.getByTestId('users-add'));
    await screen.findByTestId('user-form');
    await userEvent.click(screen.getByTestId('user-form-ok'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();

    await userEvent.type(screen.getByTestId('user-form-username'), 'newbie');
    await userEvent.type(screen.getByTestId('user-form-name'), '新同事');
    await userEvent.type(screen.getByTestId('user-form-work-code'), 'S3001');
    await userEvent.type(screen.getByTestId('user-form-phone'), '13912345678');
    await userEvent.click(screen.getByTestId('user-form-roles').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('门店店员'));
    await userEvent.click(screen.getByTestId('user-form-stores').querySelector('input')!);
    await userEvent.click(await screen.findByTitle('亦庄店（SD001）'));
    await userEvent.click(await screen.findByTitle('三里屯店（SD002）'));
    await userEvent.click(screen.getByTestId('user-form-ok'));

    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({
        username: 'newbie',
        nickName: '新同事',
        workCode: 'S3001',
        phone: '13912345678',
        deptId: null,
        roleIds: [2],
        storeCodes: ['SD001', 'SD002'],
      }),
    );
    expect((await screen.findByTestId('one-time-password')).textContent).toContain('Zx8cVb2nMq4w');
  });

  it('edits with the detail filled in and keeps the server refusal in the dialog', async () => {
    const detail: UserDetail = {
      ...row(1),
      phone: '13900000001',
      stores: [{ shopCode: 'SD009', shopName: '远方店' }],
      updatedAt: '2026-11-21T04:52:31.564Z',
      passwordChangedAt: '2026-11-21T04:52:31.564Z',
    };
    delete (detail as Partial<UserRow>).storeCount;
    delete (detail as Partial<UserRow>).storeNames;
    api.detail.mockResolvedValue(detail);
    api.update.mockRejectedValue(new ApiError('http', '手机号已被其他用户使用', { status: 409 }));
    renderAt();
    await screen.findByText('员工1');
    await userEvent.click(within(rowOf('员工1')).getByTestId('row-action-edit'));
    const phone = (await screen.findByTestId('user-form-phone')) as HTMLInputElement;
    expect(phone.value).toBe('13900000001');
    expect(screen.getByText('远方店（SD009）')).toBeTruthy();
    expect(screen.queryByTestId('user-form-username')).toBeNull();
    await userEvent.click(screen.getByTestId('user-form-ok'));
    await waitFor(() =>
      expect(api.update).toHaveBeenCalledWith(
        expect.objectContaining({ id: 1, phone: '13900000001', storeCodes: ['SD009'], roleIds: [2] }),
      ),
    );
    expect((await screen.findByTestId('user-form-error')).textContent).toContain('手机号已被其他用户使用');
  });
});
