import '../../test/dom';
import { exportEndpoints, inventoryEndpoints, type ApprovalPage, type ApprovalRow } from '@console/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import { answerCalls } from '../../test/fake-calls';
import { menuNode } from '../../test/menu-node';
import { renderPage } from '../../test/render-page';
import { AuditRequestsPage, ReviewPendingPage } from './audit-pages';

const api = { pending: vi.fn(), mine: vi.fn(), exportPending: vi.fn(), exportMine: vi.fn() };
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === inventoryEndpoints.auditPending) return api.pending(input);
  if (endpoint === inventoryEndpoints.auditMine) return api.mine(input);
  if (endpoint === exportEndpoints.auditPending) return api.exportPending(input);
  if (endpoint === exportEndpoints.auditMine) return api.exportMine(input);
  return Promise.reject(new Error('unexpected call'));
});

const task = (id: number): ApprovalRow => ({
  id,
  busiType: 2,
  busiTypeText: '借货审核',
  docId: 9,
  docNo: `LN2026112100000000000${id}`,
  storeName: '朝阳门店',
  otherStoreName: '海淀门店',
  requesterName: '王丽',
  valueCents: 12_800,
  headOfficeOnly: false,
  state: 'pending',
  stateText: '待审核',
  decidedByName: null,
  reason: '',
  createdAt: '2026-11-21T04:52:31.564Z',
  decidedAt: null,
});
const page: ApprovalPage = { list: [task(1)], total: 1, pageNum: 1, pageSize: 20 };
const queued = { id: 4, status: 'queued' as const, statusText: '排队中' };

beforeEach(() => {
  useMenuStore.setState({
    menus: [
      menuNode('Audit', '/audit', [
        menuNode('ReviewPending', 'review-pending'),
        menuNode('AuditRequests', 'audit-requests'),
      ]),
    ],
  });
  useSessionStore.setState({ roles: ['audit:approve'] });
  useShopStore.setState({ shopInfo: { addressId: 'S0001' } });
  api.pending.mockResolvedValue(page);
  api.mine.mockResolvedValue(page);
  api.exportPending.mockResolvedValue(queued);
  api.exportMine.mockResolvedValue(queued);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('审核任务 exports', { timeout: 30_000 }, () => {
  it('待我审核 queues its export with the busiType filter, behind reviewPending:export only', async () => {
    renderPage('/audit/review-pending?busiType=2', <ReviewPendingPage />);
    expect(await screen.findByText('LN20261121000000000001')).toBeTruthy();
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    // The other list's button does not open this one's export.
    useSessionStore.setState({ roles: ['audit:approve', 'auditRequests:export'] });
    renderPage('/audit/review-pending?busiType=2', <ReviewPendingPage />);
    expect(await screen.findByText('LN20261121000000000001')).toBeTruthy();
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    useSessionStore.setState({ roles: ['audit:approve', 'reviewPending:export'] });
    renderPage('/audit/review-pending?busiType=2', <ReviewPendingPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() => expect(api.exportPending).toHaveBeenCalledWith({ storeCode: 'S0001', busiType: 2 }));
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
    expect(api.exportMine).not.toHaveBeenCalled();
  });

  it('我发起的 queues its export with the busiType and state filters', async () => {
    useSessionStore.setState({ roles: ['auditRequests:export'] });
    renderPage('/audit/audit-requests?busiType=1&status=rejected', <AuditRequestsPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(api.exportMine).toHaveBeenCalledWith({ storeCode: 'S0001', busiType: 1, state: 'rejected' }),
    );
    expect(api.mine.mock.lastCall?.[0]).toMatchObject({ busiType: 1, state: 'rejected' });
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });
});
