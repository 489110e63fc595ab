import '../../test/dom';
import { maintenanceEndpoints, type MaintenanceStatus } from '@console/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { returnPathOf } from '../../lib/maintenance';
import { answerCalls } from '../../test/fake-calls';
import { renderPage, where } from '../../test/render-page';
import { REPAIR_CHECK_MS, RepairPage } from './repair-page';

const status = vi.fn<() => Promise<MaintenanceStatus>>();
answerCalls((endpoint: unknown) =>
  endpoint === maintenanceEndpoints.status ? status() : Promise.reject(new Error('unexpected call')),
);
const ON: MaintenanceStatus = {
  active: true,
  reason: 'restore',
  backupName: 'backup-20261128-224152.dump',
  startedAt: '2026-11-28T14:41:52.000Z',
};
const OFF: MaintenanceStatus = { active: false, reason: null, backupName: null, startedAt: null };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('/repair', () => {
  it('says a backup is being restored, checks again by itself and returns where the user was', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    status.mockResolvedValue(ON);
    renderPage('/repair?from=%2Forders%2Flist%3Fstatus%3D2', <RepairPage />);
    expect(await screen.findByText(/系统管理员正在恢复数据备份（\d\d:\d\d:\d\d 开始）/)).toBeTruthy();
    expect(screen.getByText(/每 5 秒自动检查一次/)).toBeTruthy();
    expect(status).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(REPAIR_CHECK_MS));
    expect(status).toHaveBeenCalledTimes(2);
    expect(where()).toBe('/repair?from=%2Forders%2Flist%3Fstatus%3D2');
    status.mockResolvedValue(OFF);
    await act(() => vi.advanceTimersByTimeAsync(REPAIR_CHECK_MS));
    await waitFor(() => expect(where()).toBe('/orders/list?status=2'));
  });

  it('checks at once on 立即检查, and says so when the server cannot be reached', async () => {
    status.mockResolvedValueOnce(ON).mockRejectedValueOnce(new Error('network'));
    renderPage('/repair?from=%2Fdashboard', <RepairPage />);
    await screen.findByText(/正在恢复数据备份/);
    await userEvent.click(screen.getByTestId('repair-check'));
    expect(await screen.findByText('暂时无法连接服务器，稍后自动重试')).toBeTruthy();
    status.mockResolvedValueOnce(OFF);
    await userEvent.click(screen.getByTestId('repair-check'));
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('stays when opened directly with no maintenance going on', async () => {
    status.mockResolvedValue(OFF);
    renderPage('/repair', <RepairPage />);
    expect(await screen.findByText('当前没有进行中的维护。')).toBeTruthy();
    expect(screen.getByText('系统维护中，请稍后访问')).toBeTruthy();
    expect(where()).toBe('/repair');
  });

  it('returns only to a path of this app', () => {
    expect(returnPathOf('/orders?x=1#a')).toBe('/orders?x=1#a');
    expect(returnPathOf('//evil.example.com/')).toBe('/');
    expect(returnPathOf('https://evil.example.com/')).toBe('/');
    expect(returnPathOf('/repair?from=/x')).toBe('/');
    expect(returnPathOf(null)).toBe('/');
  });
});
