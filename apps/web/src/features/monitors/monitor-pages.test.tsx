import '../../test/dom';
import { monitorEndpoints, type ServerInstance } from '@console/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { answerCalls, spyNotify } from '../../test/fake-calls';
import { renderPage } from '../../test/render-page';
import { formatBytes, formatDuration } from './monitor-format';
import { RedisMonitorPage } from './redis-monitor-page';
import { ReleasePage } from './release-page';
import { ServerMonitorPage } from './server-monitor-page';
import { SqlMonitorPage } from './sql-monitor-page';

const api = {
  servers: vi.fn(),
  sql: vi.fn(),
  sqlReset: vi.fn(),
  redis: vi.fn(),
  releases: vi.fn(),
  publishRelease: vi.fn(),
};
answerCalls((endpoint: unknown, input: unknown) => {
  const name = Object.entries(monitorEndpoints).find(([, e]) => e === endpoint)?.[0] as
    keyof typeof api | undefined;
  return name && name in api ? api[name](input) : Promise.reject(new Error('unexpected call'));
});
const notify = spyNotify();

const sample = (at: string, cpuPercent: number) => ({
  at,
  cpuPercent,
  rssBytes: 200 * 1024 * 1024,
  heapUsedBytes: 80 * 1024 * 1024,
  eventLoopP99Ms: 12.5,
});
const instance = (over: Partial<ServerInstance> = {}): ServerInstance => ({
  id: 'node-a-1-x',
  host: 'node-a',
  pid: 101,
  version: '2.4.0',
  commit: '3af53db0123456789',
  startedAt: '2026-11-28T01:00:00.000Z',
  heartbeatAt: '2026-11-28T02:00:00.000Z',
  stale: false,
  current: true,
  metrics: {
    ...sample('2026-11-28T02:00:00.000Z', 37.5),
    cpuCount: 2,
    loadAverage: [0.5, 0.4, 0.3],
    memTotalBytes: 8 * 1024 ** 3,
    memFreeBytes: 2 * 1024 ** 3,
    heapTotalBytes: 100 * 1024 * 1024,
    heapLimitBytes: 400 * 1024 * 1024,
    eventLoopMeanMs: 10.2,
    uptimeSeconds: 3725,
    nodeVersion: 'v20.19.0',
    platform: 'linux x64',
  },
  history: [sample('2026-11-28T01:59:55.000Z', 20), sample('2026-11-28T02:00:00.000Z', 37.5)],
  ...over,
});

beforeEach(() => {
  useSessionStore.setState({
    roles: ['monitor:server', 'sql:list', 'sql:reset', 'redis:list', 'release:list'],
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('monitor figures', () => {
  it('reads sizes and uptimes as people write them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8.0 GB');
    expect(formatDuration(3725)).toBe('1小时2分');
    expect(formatDuration(93784)).toBe('1天2小时3分');
  });
});

describe('系统监控 and 版本发布 pages', { timeout: 60_000 }, () => {
  it('服务监控 shows each instance with gauges and trends, stale ones marked', async () => {
    api.servers.mockResolvedValue({
      refreshSeconds: 5,
      instances: [
        instance(),
        instance({ id: 'old', host: 'node-b', current: false, stale: true, metrics: null, history: [] }),
      ],
    });
    renderPage('/system/monitor/server', <ServerMonitorPage />);
    const cards = await screen.findAllByTestId('server-instance');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('当前实例')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('gauge-memory').textContent).toContain('6.0 GB / 8.0 GB');
    expect(within(cards[0]!).getByTestId('trend-cpu').querySelector('polyline')).not.toBeNull();
    expect(within(cards[0]!).getByTestId('server-version').textContent).toBe('2.4.0');
    expect(within(cards[1]!).getByTestId('server-instance-state').textContent).toBe('无心跳');
    expect(within(cards[1]!).getByText('尚无指标')).toBeTruthy();
  });

  it('SQL监控 shows the application timing and resets it', async () => {
    const statement = {
      query: 'select * from users where id = $1',
      calls: 42,
      totalMs: 84,
      meanMs: 2,
      maxMs: 9,
      rows: 42,
    };
    api.sql.mockResolvedValue({
      source: 'application',
      since: '2026-11-28T01:00:00.000Z',
      statements: 1,
      calls: 42,
      slowest: [statement],
      mostFrequent: [statement],
    });
    api.sqlReset.mockResolvedValue({
      source: 'application',
      since: null,
      statements: 0,
      calls: 0,
      slowest: [],
      mostFrequent: [],
    });
    renderPage('/system/monitor/sql', <SqlMonitorPage />);
    expect((await screen.findByTestId('sql-frequent')).textContent).toContain('select * from users');
    expect(screen.getByText(/未启用 pg_stat_statements/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('sql-reset'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.sqlReset).toHaveBeenCalled());
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('SQL 统计已重置'));
  });

  it('Redis监控 says so when Redis is not configured', async () => {
    api.redis.mockResolvedValue({ configured: false });
    renderPage('/system/monitor/redis', <RedisMonitorPage />);
    expect((await screen.findByTestId('redis-not-configured')).textContent).toContain('未配置 Redis');
  });

  it('版本发布 lists instances and releases; 发布版本 needs its button', async () => {
    api.releases.mockResolvedValue({
      instances: [
        {
          id: 'a',
          host: 'node-a',
          version: '2.4.0',
          commit: 'abcdef1',
          heartbeatAt: '2026-11-28T02:00:00.000Z',
          stale: false,
          current: true,
        },
      ],
      list: [
        {
          id: 3,
          version: '2.4.0',
          commit: 'abcdef1',
          builtAt: '2026-11-28T00:00:00.000Z',
          notes: '服务监控上线',
          publishedBy: '管理员',
          publishedAt: '2026-11-28T01:00:00.000Z',
        },
      ],
    });
    renderPage('/system/releases', <ReleasePage />);
    expect((await screen.findByTestId('release-records')).textContent).toContain('服务监控上线');
    expect(screen.getByTestId('release-instances').textContent).toContain('node-a');
    expect(screen.queryByTestId('release-publish')).toBeNull();
  });
});
