import '../../test/dom';
import { authOpenEndpoints, type AuthOpenRecord, type AuthOpenStatus } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../lib/format/display';
import { renderPage, where } from '../../test/render-page';
import { AuthConfirmPage } from './auth-confirm-page';
import { answerCalls, spyNotify } from '../../test/fake-calls';

const api = { records: vi.fn(), decide: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) =>
  endpoint === authOpenEndpoints.queryByUser
    ? api.records(input)
    : endpoint === authOpenEndpoints.confirmOrRefuse
      ? api.decide(input)
      : Promise.reject(new Error('unexpected call')),
);
const notify = spyNotify();

const renderAt = (search = '') => renderPage(`/store/auth-confirm${search}`, <AuthConfirmPage />);

function record(id: number, status: AuthOpenStatus): AuthOpenRecord {
  return {
    id,
    userId: 7,
    userName: 'solo',
    workCode: 'S1002',
    shopCode: `SD00${id}`,
    shopName: `亦庄店${id}`,
    roleId: null,
    roleName: null,
    status,
    openedByName: '管理员',
    batchId: null,
    remark: '',
    createdAt: '2026-11-21T04:52:31.564Z',
    decidedAt: null,
  };
}

const lastBody = () => api.records.mock.lastCall?.[0] as Record<string, unknown>;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  // The endpoint answers `list` and `total` only (no pageNum/pageSize): the kit reads that too.
  api.records.mockResolvedValue({ list: [record(1, 'pending'), record(2, 'confirmed')], total: 25 });
  api.decide.mockImplementation((body: { id: number; action: 'confirm' | 'refuse' }) =>
    Promise.resolve(record(body.id, body.action === 'confirm' ? 'confirmed' : 'refused')),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('AuthConfirmPage', { timeout: 30_000 }, () => {
  it('reads status and page from the URL into the call and shows the count', async () => {
    renderAt('?status=pending&pageNum=2&pageSize=20');
    await screen.findByText('亦庄店1');
    expect(lastBody()).toEqual({ status: 'pending', pageNum: 2, pageSize: 20 });
    expect(screen.getByTestId('auth-confirm-total').textContent).toBe('共 25 条');
    expect(within(rowOf('亦庄店1')).getByText('不变更')).toBeTruthy();
    expect(within(rowOf('亦庄店1')).getByText(formatTime('2026-11-21T04:52:31.564Z'))).toBeTruthy();
  });

  it('puts the status tab into the URL, back on page 1, and sends no status for 全部', async () => {
    renderAt('?pageNum=2');
    await screen.findByText('亦庄店1');
    expect(lastBody()).toEqual({ pageNum: 2, pageSize: 10 });
    await userEvent.click(within(screen.getByTestId('auth-confirm-status')).getByText('已拒绝'));
    await waitFor(() => expect(where()).toBe('/store/auth-confirm?status=refused'));
    await waitFor(() => expect(lastBody()).toEqual({ status: 'refused', pageNum: 1, pageSize: 10 }));
  });

  it('offers 确认 and 拒绝 on pending records only, and confirms at once', async () => {
    renderAt();
    await screen.findByText('亦庄店1');
    expect(within(rowOf('亦庄店2')).queryAllByRole('button')).toHaveLength(0);
    const calls = api.records.mock.calls.length;
    await userEvent.click(within(rowOf('亦庄店1')).getByTestId('row-action-confirm'));
    await waitFor(() => expect(api.decide).toHaveBeenCalledWith({ id: 1, action: 'confirm' }));
    expect(notify.confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已确认，现在可以切换到该门店'));
    await waitFor(() => expect(api.records.mock.calls.length).toBeGreaterThan(calls));
  });

  it('asks before refusing, naming the store and what follows', async () => {
    notify.confirm.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderAt();
    await screen.findByText('亦庄店1');
    const refuse = within(rowOf('亦庄店1')).getByTestId('row-action-refuse');
    await userEvent.click(refuse);
    expect(notify.confirm).toHaveBeenCalledWith({
      title: '确认拒绝',
      content: '确定拒绝亦庄店1（SD001）的门店授权吗？拒绝后需要总部重新开通。',
    });
    expect(api.decide).not.toHaveBeenCalled();
    await userEvent.click(refuse);
    await waitFor(() => expect(api.decide).toHaveBeenCalledWith({ id: 1, action: 'refuse' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已拒绝'));
  });

  it('tells an empty list from no result', async () => {
    api.records.mockResolvedValue({ list: [], total: 0 });
    renderAt();
    expect((await screen.findByTestId('auth-confirm-empty')).textContent).toContain('暂无授权记录');
    cleanup();
    renderAt('?status=pending');
    await userEvent.click(within(await screen.findByTestId('auth-confirm-no-result')).getByText('重置筛选'));
    await waitFor(() => expect(where()).toBe('/store/auth-confirm'));
  });
});
