import type { Database } from '../client.js';
import { auditLog, clientErrorReports, jobRuns, serverErrors } from '../schema.js';

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/**
 * 系统工具's logs on a fresh demo start: changes that went through and one refused, sign-ins that worked and
 * failed, a server error and a browser report, and job runs that went well, failed, and were cut off by a
 * stopped instance (docs/domain/system-tools.md).
 */
export async function seedDemoSystemTools(tx: Database, now: Date, adminId: number): Promise<void> {
  const request = (method: string, path: string, body: Record<string, unknown>) => ({
    id: `demo-${path.replaceAll('/', '-')}`,
    method,
    path,
    userAgent: 'Mozilla/5.0 (demo)',
    params: { query: {}, body },
  });
  await tx.insert(auditLog).values([
    {
      action: 'dict.item.update',
      userId: adminId,
      target: '取消原因',
      ip: '10.0.8.21',
      result: 'ok',
      detail: { before: { label: '顾客取消' }, after: { label: '顾客要求取消' } },
      request: request('PUT', '/api/dicts/items', { label: '顾客要求取消' }),
      createdAt: minutesAgo(now, 180),
    },
    {
      action: 'request.refused',
      userId: adminId,
      target: 'POST /api/users/updatePass',
      ip: '10.0.8.21',
      result: 'fail',
      detail: { status: 400, code: 'BAD_PASSWORD', message: '原密码不正确' },
      request: request('POST', '/api/users/updatePass', { oldPassword: '***', newPassword: '***' }),
      createdAt: minutesAgo(now, 120),
    },
    {
      action: 'auth.login.failure',
      userId: null,
      target: 'staf',
      ip: '10.0.8.44',
      detail: { method: 'password', reason: 'unknown_user' },
      createdAt: minutesAgo(now, 95),
    },
    {
      action: 'auth.login.success',
      userId: adminId,
      target: 'admin',
      ip: '10.0.8.21',
      detail: { method: 'password' },
      createdAt: minutesAgo(now, 90),
    },
  ]);
  await tx.insert(serverErrors).values({
    requestId: '6f1c2d9e-8a51-4c1e-9f0a-3b7d2e4c5a10',
    method: 'POST',
    path: '/tec/trade_order/manager/order/deliver',
    status: 500,
    message: 'connect ETIMEDOUT 10.0.0.5:443',
    stack: 'Error: connect ETIMEDOUT 10.0.0.5:443\n    at TCPConnectWrap.afterConnect (node:net:1607:16)',
    userId: adminId,
    ip: '10.0.8.21',
    createdAt: minutesAgo(now, 60),
  });
  await tx.insert(clientErrorReports).values({
    userId: adminId,
    storeCode: null,
    kind: 'error',
    message: "TypeError: Cannot read properties of undefined (reading 'map')",
    stack: 'TypeError: Cannot read properties of undefined\n    at OrderList (assets/orders.js:1:2048)',
    pageUrl: '/order/received-orders',
    userAgent: 'Mozilla/5.0 (demo)',
    release: 'demo',
    createdAt: minutesAgo(now, 45),
  });
  const run = (minutes: number, status: string, error: string | null, trigger = 'schedule') => ({
    jobName: 'marketing-calendar.remind-tomorrow',
    trigger,
    instanceId: 'demo-instance-1',
    status,
    startedAt: minutesAgo(now, minutes),
    heartbeatAt: minutesAgo(now, minutes),
    finishedAt: minutesAgo(now, minutes - 1),
    durationMs: 840,
    error,
  });
  await tx
    .insert(jobRuns)
    .values([
      run(60 * 26, 'ok', null),
      run(60 * 2, 'failed', '运行中的实例已停止（无心跳），本次运行未完成'),
      run(30, 'ok', null, 'manual'),
    ]);
}
