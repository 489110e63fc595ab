import '../../test/dom';
import { backupEndpoints, maintenanceEndpoints, type BackupRow } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { renderPage } from '../../test/render-page';
import { BackupsPage, formatBytes } from './backups-page';

import { isOwnRestore } from '../../lib/maintenance';

const api = { list: vi.fn(), create: vi.fn(), restore: vi.fn(), restoreLive: vi.fn(), status: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === maintenanceEndpoints.status) return api.status();
  const name = Object.entries(backupEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name && name in api ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();
const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });
const NAME = 'backup-20261128-224152.tar.gz';

const backup = (over: Partial<BackupRow> = {}): BackupRow => ({
  id: 1,
  name: NAME,
  format: 'pglite',
  trigger: 'manual',
  status: 'ok',
  sizeBytes: 9_646_080,
  sha256: '7c31170f88d5'.padEnd(64, '0'),
  durationMs: 4600,
  error: null,
  createdBy: '系统管理员',
  startedAt: '2026-11-28T14:41:52.000Z',
  finishedAt: '2026-11-28T14:41:57.000Z',
  restoreStatus: null,
  restoreReport: null,
  restoreError: null,
  restoredAt: null,
  ...over,
});

beforeEach(() => {
  useSessionStore.setState({
    roles: ['backup:list', 'backup:create', 'backup:download', 'backup:restore'],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('数据备份', { timeout: 60_000 }, () => {
  it('shows size, duration and checksum, and makes a backup', async () => {
    api.list.mockResolvedValue(page([backup()]));
    api.create.mockResolvedValue(backup({ id: 2, status: 'running' }));
    renderPage('/system/backups', <BackupsPage />);
    await screen.findByText(NAME);
    expect(screen.getByText('9.2 MB · 4.6 秒')).toBeTruthy();
    await userEvent.click(screen.getByTestId('backups-create'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith({}));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('备份已开始，完成后列表会更新'));
  });

  it('starts the restore check only once the backup’s name is typed, and shows its result', async () => {
    api.list.mockResolvedValue(page([backup()]));
    api.restore.mockResolvedValue(backup({ restoreStatus: 'running' }));
    renderPage('/system/backups', <BackupsPage />);
    await screen.findByText(NAME);
    await userEvent.click(screen.getByTestId('row-action-restore'));
    const dialog = await screen.findByTestId('backup-restore-dialog');
    const start = within(dialog).getByRole('button', { name: /开始恢复/ });
    await userEvent.type(within(dialog).getByTestId('backup-restore-input'), 'backup-2026');
    expect(start.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(within(dialog).getByTestId('backup-restore-input'));
    await userEvent.type(within(dialog).getByTestId('backup-restore-input'), NAME);
    expect(start.hasAttribute('disabled')).toBe(false);
    api.list.mockResolvedValue(
      page([
        backup({
          restoreStatus: 'ok',
          restoreReport: { tables: 92, matched: 92, mismatched: [], rows: 5000 },
        }),
      ]),
    );
    await userEvent.click(start);
    await waitFor(() => expect(api.restore).toHaveBeenCalledWith({ name: NAME, confirmName: NAME }));
    expect(await screen.findByText('92 张表')).toBeTruthy();
  });

  it('restores over the live database after the typed name and the acknowledged loss, and shows the result', async () => {
    api.list.mockResolvedValue(page([backup()]));
    api.restoreLive.mockResolvedValue({
      active: true,
      reason: 'restore',
      backupName: NAME,
      startedAt: '2026-11-28T15:00:00.000Z',
    });
    api.status.mockResolvedValue({ active: true, reason: 'restore', backupName: NAME, startedAt: null });
    renderPage('/system/backups', <BackupsPage />);
    await screen.findByText(NAME);
    await userEvent.click(await screen.findByText('恢复数据'));
    const dialog = await screen.findByTestId('backup-live-dialog');
    expect(within(dialog).getByText(/之后的所有新增、修改和删除都将丢失/)).toBeTruthy();
    const start = within(dialog).getByRole('button', { name: /恢复数据/ });
    await userEvent.type(within(dialog).getByTestId('backup-live-input'), NAME);
    expect(start.hasAttribute('disabled')).toBe(true); // the loss is not acknowledged yet
    await userEvent.click(within(dialog).getByTestId('backup-live-ack'));
    expect(start.hasAttribute('disabled')).toBe(false);
    await userEvent.click(start);
    await waitFor(() =>
      expect(api.restoreLive).toHaveBeenCalledWith({ name: NAME, confirmName: NAME, acceptDataLoss: true }),
    );
    expect(await screen.findByTestId('backup-live-running')).toBeTruthy();
    expect(isOwnRestore()).toBe(true);
    api.list.mockResolvedValue(page([backup({ restoreStatus: 'restored' })]));
    api.status.mockResolvedValue({ active: false, reason: null, backupName: null, startedAt: null });
    expect(
      await screen.findByText('数据已恢复到备份时的状态，维护已结束', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(isOwnRestore()).toBe(false);
  });

  it('shows why the restore was refused (the embedded database) and leaves the page as it was', async () => {
    api.list.mockResolvedValue(page([backup()]));
    api.restoreLive.mockRejectedValue(new Error('内嵌数据库（PGlite）不能在控制台运行时恢复'));
    renderPage('/system/backups', <BackupsPage />);
    await screen.findByText(NAME);
    await userEvent.click(await screen.findByText('恢复数据'));
    const dialog = await screen.findByTestId('backup-live-dialog');
    await userEvent.type(within(dialog).getByTestId('backup-live-input'), NAME);
    await userEvent.click(within(dialog).getByTestId('backup-live-ack'));
    await userEvent.click(within(dialog).getByRole('button', { name: /恢复数据/ }));
    expect(await within(dialog).findByTestId('backup-live-refusal')).toBeTruthy();
    expect(isOwnRestore()).toBe(false);
  });

  it('writes sizes people read', () => {
    expect(formatBytes(null)).toBe('-');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
  });
});
