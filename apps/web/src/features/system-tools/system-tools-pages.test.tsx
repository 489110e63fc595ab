import '../../test/dom';
import {
  exportEndpoints,
  systemToolEndpoints,
  type JobRow,
  type OnlineRow,
  type OperationLogDetail,
  type OperationLogRow,
} from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { renderPage } from '../../test/render-page';
import { ErrorLogPage } from './error-log-page';
import { LoginLogPage } from './login-log-page';
import { OnlineUsersPage } from './online-users-page';
import { OperationLogPage } from './operation-log-page';
import { TimingPage } from './timing-page';

const api = {
  logQuery: vi.fn(),
  logDetail: vi.fn(),
  online: vi.fn(),
  kick: vi.fn(),
  jobs: vi.fn(),
  setJobEnabled: vi.fn(),
  runJob: vi.fn(),
  jobRuns: vi.fn(),
  cronPreview: vi.fn(),
  setJobCron: vi.fn(),
  loginLogs: vi.fn(),
  errorLogs: vi.fn(),
  clientErrorLogs: vi.fn(),
};
/** The export jobs the log pages queue. */
const exports = {
  operationLogs: vi.fn(),
  loginLogs: vi.fn(),
  errorLogs: vi.fn(),
  clientErrorLogs: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  if (endpoint === exportEndpoints.operationLogs) return exports.operationLogs(input);
  if (endpoint === exportEndpoints.loginLogs) return exports.loginLogs(input);
  if (endpoint === exportEndpoints.errorLogs) return exports.errorLogs(input);
  if (endpoint === exportEndpoints.clientErrorLogs) return exports.clientErrorLogs(input);
  const name = Object.entries(systemToolEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name && name in api ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();
const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

const logRow: OperationLogRow = {
  id: 7,
  action: 'dict.type.create',
  userName: '管理员',
  userAccount: 'admin',
  storeCode: null,
  target: '12',
  ip: '10.0.0.1',
  result: 'ok',
  method: 'POST',
  path: '/api/dicts/types',
  createdAt: '2026-11-27T02:00:00.000Z',
};
const logDetail: OperationLogDetail = {
  ...logRow,
  requestId: 'c0ffee00-0000-4000-8000-000000000000',
  userAgent: 'Chromium',
  before: null,
  after: { name: '日志探针' },
  detail: {},
  params: { query: {}, body: { name: '日志探针', password: '***' } },
};
const onlineRow = (sessionId: number, over: Partial<OnlineRow> = {}): OnlineRow => ({
  sessionId,
  userId: sessionId,
  userName: `用户${sessionId}`,
  userAccount: `user${sessionId}`,
  storeName: '亦庄店',
  ip: '10.0.0.2',
  userAgent: 'Chromium',
  signedInAt: '2026-11-27T01:00:00.000Z',
  lastSeenAt: null,
  current: false,
  ...over,
});
const job = (over: Partial<JobRow> = {}): JobRow => ({
  name: 'orders.offer-expiry',
  description: '抢单：过期未抢的订单转入未接订单',
  schedule: '每 60 秒',
  cron: null,
  defaultSchedule: '每 60 秒',
  scope: 'cluster',
  enabled: true,
  running: false,
  lastRun: null,
  nextRunAt: '2026-11-27T02:01:00.000Z',
  ...over,
});

beforeEach(() => {
  useSessionStore.setState({
    roles: ['log:list', 'online:list', 'online:kick', 'timing:list', 'timing:edit', 'timing:run'],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('系统工具 pages', { timeout: 60_000 }, () => {
  it('操作日志 sends the URL filters and opens a row with its masked parameters', async () => {
    api.logQuery.mockResolvedValue(page([logRow]));
    api.logDetail.mockResolvedValue(logDetail);
    renderPage('/system/monitor/logs?status=ok&keyword=admin&action=dict.', <OperationLogPage />);
    await screen.findByText('dict.type.create');
    expect(api.logQuery.mock.lastCall?.[0]).toMatchObject({ user: 'admin', action: 'dict.', result: 'ok' });
    await userEvent.click(within(rowOf('dict.type.create')).getByTestId('row-action-view'));
    const drawer = await screen.findByTestId('operation-log-detail');
    await within(drawer).findByText(logDetail.requestId);
    expect(within(drawer).getByTestId('operation-log-params').textContent).toContain('"password": "***"');
    expect(api.logDetail).toHaveBeenCalledWith({ id: 7 });
  });

  it("操作日志 exports with the page's filters for a holder of log:export, and says where the file will be", async () => {
    useSessionStore.setState({ roles: ['log:list', 'log:export'] });
    api.logQuery.mockResolvedValue(page([logRow]));
    exports.operationLogs.mockResolvedValue({ id: 9, status: 'queued', statusText: '排队中' });
    renderPage(
      '/system/monitor/logs?status=fail&keyword=admin&store=MD01&action=dict.&from=2026-11-01&to=2026-11-27',
      <OperationLogPage />,
    );
    await screen.findByText('dict.type.create');
    await userEvent.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(exports.operationLogs).toHaveBeenCalledWith({
        user: 'admin',
        storeCode: 'MD01',
        action: 'dict.',
        result: 'fail',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-27',
      }),
    );
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });

  it('登录日志 offers 导出 only with loginLog:export, and exports its filters', async () => {
    api.loginLogs.mockResolvedValue(page([]));
    useSessionStore.setState({ roles: ['loginLog:list'] });
    renderPage('/system/monitor/login-logs?status=fail&keyword=10.1.1', <LoginLogPage />);
    await waitFor(() => expect(api.loginLogs).toHaveBeenCalled());
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    useSessionStore.setState({ roles: ['loginLog:list', 'loginLog:export'] });
    exports.loginLogs.mockResolvedValue({ id: 10, status: 'queued', statusText: '排队中' });
    renderPage('/system/monitor/login-logs?status=fail&keyword=10.1.1', <LoginLogPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(exports.loginLogs).toHaveBeenCalledWith(
        expect.objectContaining({ keyword: '10.1.1', result: 'fail' }),
      ),
    );
  });

  it('异常日志 offers 导出 only with errorLog:export, and exports the tab shown with its filters', async () => {
    api.errorLogs.mockResolvedValue(page([]));
    api.clientErrorLogs.mockResolvedValue(page([]));
    useSessionStore.setState({ roles: ['errorLog:list'] });
    renderPage('/system/monitor/error-logs?keyword=boom', <ErrorLogPage />);
    await waitFor(() => expect(api.errorLogs).toHaveBeenCalled());
    expect(screen.queryByTestId('list-export')).toBeNull();
    cleanup();
    useSessionStore.setState({ roles: ['errorLog:list', 'errorLog:export'] });
    exports.errorLogs.mockResolvedValue({ id: 11, status: 'queued', statusText: '排队中' });
    renderPage('/system/monitor/error-logs?keyword=boom&from=2026-11-01&to=2026-11-27', <ErrorLogPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(exports.errorLogs).toHaveBeenCalledWith({
        keyword: 'boom',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-27',
      }),
    );
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
    cleanup();
    exports.clientErrorLogs.mockResolvedValue({ id: 12, status: 'queued', statusText: '排队中' });
    renderPage('/system/monitor/error-logs?kind=client&keyword=TypeError', <ErrorLogPage />);
    await userEvent.click(await screen.findByTestId('list-export'));
    await waitFor(() =>
      expect(exports.clientErrorLogs).toHaveBeenCalledWith(expect.objectContaining({ keyword: 'TypeError' })),
    );
    expect(exports.errorLogs).toHaveBeenCalledTimes(1);
  });

  it('在线用户 ends another session after a confirmation and offers no button on the own one', async () => {
    api.online.mockResolvedValue(page([onlineRow(1, { current: true }), onlineRow(2)]));
    api.kick.mockResolvedValue(null);
    notify.confirm.mockResolvedValue(true);
    renderPage('/system/online', <OnlineUsersPage />);
    await screen.findByText('user2');
    expect(within(rowOf('user1')).queryByTestId('row-action-kick')).toBeNull();
    await userEvent.click(within(rowOf('user2')).getByTestId('row-action-kick'));
    await waitFor(() => expect(api.kick).toHaveBeenCalledWith({ sessionId: 2 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已强制下线'));
  });

  it('定时任务 pauses, runs once and shows the run, and previews a cron', async () => {
    api.jobs.mockResolvedValue([job()]);
    notify.confirm.mockResolvedValue(true);
    api.setJobEnabled.mockResolvedValue(job({ enabled: false, nextRunAt: null }));
    const run = {
      id: 3,
      jobName: 'orders.offer-expiry',
      trigger: 'manual' as const,
      instanceId: 'host-1',
      status: 'ok' as const,
      startedAt: '2026-11-27T02:00:00.000Z',
      finishedAt: '2026-11-27T02:00:00.020Z',
      durationMs: 20,
      error: null,
    };
    api.runJob.mockResolvedValue(run);
    api.jobRuns.mockResolvedValue(page([run]));
    api.cronPreview.mockResolvedValue({ next: ['2026-11-27T02:05:00.000Z', '2026-11-27T02:10:00.000Z'] });
    renderPage('/system/timing', <TimingPage />);
    await screen.findByText('orders.offer-expiry');
    await userEvent.click(within(rowOf('orders.offer-expiry')).getByTestId('row-action-pause'));
    await waitFor(() =>
      expect(api.setJobEnabled).toHaveBeenCalledWith({ name: 'orders.offer-expiry', enabled: false }),
    );
    await userEvent.click(within(rowOf('orders.offer-expiry')).getByTestId('row-action-run'));
    await waitFor(() => expect(api.runJob).toHaveBeenCalledWith({ name: 'orders.offer-expiry' }));
    const runs = await screen.findByTestId('job-runs');
    expect(await within(runs).findByText('20 ms')).toBeTruthy();

    await userEvent.click(within(rowOf('orders.offer-expiry')).getByTestId('row-action-cron'));
    await userEvent.type(await screen.findByTestId('job-cron-input'), '0 */5 * * * *');
    await waitFor(() => expect(screen.getAllByTestId('job-cron-preview-item')).toHaveLength(2));
    expect(api.cronPreview).toHaveBeenLastCalledWith({ cron: '0 */5 * * * *' });
  });
});
