import { MAINTENANCE_ERROR_CODE } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from './client';
import { ApiError } from './errors';
import { fail, fakeAdapter, fakeDeps, ok, type FakeReply } from './testing';
import { HTTP_LABELS } from './labels';
import type { HttpDeps } from './types';

function setup(reply: FakeReply | ((url: string) => FakeReply), overrides: Partial<HttpDeps> = {}) {
  const deps = fakeDeps(overrides);
  const fake = fakeAdapter((config) => (typeof reply === 'function' ? reply(config.url ?? '') : reply));
  return { deps, calls: fake.calls, http: createHttpClient(deps, fake.adapter) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('envelope', () => {
  it('resolves data when result is 0', async () => {
    const { http } = setup(ok({ id: 7 }));
    await expect(http.get<{ id: number }>('/feo/x')).resolves.toEqual({ id: 7 });
  });

  it('rejects a non-zero result with the server message and code, and shows the message', async () => {
    const { http, deps } = setup({
      status: 200,
      data: { result: 2, data: null, errorMsg: '库存不足', errorCode: 'STOCK' },
    });
    const error = await rejection(http.post('/feo/x', { a: 1 }));
    expect(error).toMatchObject({
      kind: 'business',
      message: '库存不足',
      errorMsg: '库存不足',
      errorCode: 'STOCK',
    });
    expect(deps.showError).toHaveBeenCalledWith('库存不足');
  });

  it('shows nothing for a silent call but still rejects', async () => {
    const { http, deps } = setup(fail(422, '手机号格式不正确'));
    const error = await rejection(http.post('/auth/sendMsg', {}, { flags: { silent: true } }));
    expect(error.message).toBe('手机号格式不正确');
    expect(deps.showError).not.toHaveBeenCalled();
    expect(deps.showNotification).not.toHaveBeenCalled();
  });

  it('returns a body that is not an envelope as it came', async () => {
    const { http } = setup({ status: 200, data: '<html></html>' });
    await expect(http.get('/')).resolves.toBe('<html></html>');
  });

  it('reads a JSON envelope delivered as a blob', async () => {
    const blob = new Blob([JSON.stringify({ result: 0, data: 'ok', errorMsg: null, errorCode: null })], {
      type: 'application/json',
    });
    const { http } = setup({ status: 200, data: blob });
    await expect(http.get('/feo/export', { responseType: 'blob' })).resolves.toBe('ok');
  });

  it('keeps a file blob as a blob', async () => {
    const file = new Blob(['a,b'], { type: 'text/csv' });
    const { http } = setup({ status: 200, data: file });
    await expect(http.get('/feo/export', { responseType: 'blob' })).resolves.toBe(file);
  });
});

describe('request', () => {
  it('sends the body, params and the configured timeout', async () => {
    const { http, calls } = setup(ok(null), { timeoutMs: () => 30_000 });
    await http.post('/feo/save', { name: '门店' }, { params: { pageNum: 1 } });
    expect(calls[0]).toMatchObject({
      method: 'post',
      url: '/feo/save',
      params: { pageNum: 1 },
      timeout: 30_000,
    });
    expect(JSON.parse(String(calls[0]?.data))).toEqual({ name: '门店' });
  });

  it('lets a call override the timeout', async () => {
    const { http, calls } = setup(ok(null));
    await http.get('/feo/x', { timeout: 80_000 });
    expect(calls[0]?.timeout).toBe(80_000);
  });

  it('exposes del and put', async () => {
    const { http, calls } = setup(ok(null));
    await http.del('/auth/logout');
    await http.put('/feo/x', {});
    expect(calls.map((c) => c.method)).toEqual(['delete', 'put']);
  });
});

describe('HTTP errors', () => {
  it('ends the session once on 401 without a notice', async () => {
    const { http, deps } = setup(fail(401, '登录已失效'));
    await rejection(http.get('/feo/a'));
    await rejection(http.get('/feo/b'));
    expect(deps.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('keeps the session on 401 for an ignore401 call and says the login expired', async () => {
    const { http, deps } = setup(fail(401, '登录已失效'));
    const error = await rejection(http.get('/feo/a', { flags: { ignore401: true } }));
    expect(error.status).toBe(401);
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledWith(HTTP_LABELS.sessionExpired);
  });

  it('treats 401 on a call without a token (a failed sign-in) as an ordinary error', async () => {
    const { http, deps } = setup(fail(401, '账号或密码错误'), { getToken: () => null });
    const error = await rejection(http.post('/auth/ljyPwdLogin', {}));
    expect(error.message).toBe('账号或密码错误');
    expect(deps.onSessionExpired).not.toHaveBeenCalled();
    expect(deps.showError).toHaveBeenCalledWith('账号或密码错误');
  });

  it('goes to the unauthorised page on 403', async () => {
    const { http, deps } = setup(fail(403, '无权访问该门店'));
    const error = await rejection(http.get('/feo/a'));
    expect(error.status).toBe(403);
    expect(deps.onForbidden).toHaveBeenCalledTimes(1);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('hands a 503 MAINTENANCE to the maintenance page without a notice; another 503 is an error', async () => {
    expect(MAINTENANCE_ERROR_CODE).toBe('MAINTENANCE'); // written out in client.ts
    const { http, deps } = setup(fail(503, '系统维护中，请稍后再试', 'MAINTENANCE'));
    expect((await rejection(http.get('/feo/a'))).status).toBe(503);
    expect(deps.onMaintenance).toHaveBeenCalledTimes(1);
    expect(deps.showError).not.toHaveBeenCalled();
    const other = setup(fail(503, '服务正在停止', 'NOT_READY'));
    await rejection(other.http.get('/feo/a'));
    expect(other.deps.onMaintenance).not.toHaveBeenCalled();
    expect(other.deps.showError).toHaveBeenCalledWith('服务正在停止');
  });

  it('says the API does not exist on a 404 without a message', async () => {
    const { http, deps } = setup({ status: 404, data: '' });
    expect((await rejection(http.get('/feo/none'))).message).toBe(HTTP_LABELS.notFound);
    expect(deps.showError).toHaveBeenCalledWith(HTTP_LABELS.notFound);
  });

  it('prefers the server message on a 404 that explains itself', async () => {
    const { http } = setup(fail(404, '订单不存在'));
    expect((await rejection(http.get('/feo/order/1'))).message).toBe('订单不存在');
  });

  it('shows the server message on other statuses, else a generic failure', async () => {
    const withMessage = setup(fail(409, '该门店已被他人修改'));
    expect((await rejection(withMessage.http.post('/feo/a'))).message).toBe('该门店已被他人修改');
    const without = setup({ status: 502, data: null });
    expect((await rejection(without.http.post('/feo/a'))).message).toBe(HTTP_LABELS.failed);
    expect(without.deps.showError).toHaveBeenCalledWith(HTTP_LABELS.failed);
  });

  it("reads eladmin's `message` field too", async () => {
    const { http } = setup({ status: 400, data: { message: '参数错误' } });
    expect((await rejection(http.post('/api/x'))).message).toBe('参数错误');
  });

  it('parses a JSON error body delivered as a blob', async () => {
    const blob = new Blob(
      [JSON.stringify({ result: 1, data: null, errorMsg: '导出数据过多', errorCode: 'TOO_MANY' })],
      {
        type: 'application/json;charset=utf-8',
      },
    );
    const { http, deps } = setup({ status: 422, data: blob });
    const error = await rejection(http.get('/feo/export', { responseType: 'blob' }));
    expect(error).toMatchObject({ message: '导出数据过多', errorCode: 'TOO_MANY', status: 422 });
    expect(deps.showError).toHaveBeenCalledWith('导出数据过多');
  });

  it('notifies a timeout for 5 seconds', async () => {
    const { http, deps } = setup('timeout');
    expect((await rejection(http.get('/feo/slow'))).kind).toBe('timeout');
    expect(deps.showNotification).toHaveBeenCalledWith(HTTP_LABELS.timeout, 5);
  });

  it('notifies a network failure for 5 seconds', async () => {
    const { http, deps } = setup('network-error');
    expect((await rejection(http.get('/feo/x'))).message).toBe(HTTP_LABELS.network);
    expect(deps.showNotification).toHaveBeenCalledWith(HTTP_LABELS.network, 5);
  });
});

describe('cancellation', () => {
  it('is silent when the caller aborts', async () => {
    const { http, deps } = setup('hang');
    const controller = new AbortController();
    const pending = http.get('/feo/x', { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error).toMatchObject({ kind: 'cancel', message: HTTP_LABELS.cancelled });
    expect(deps.showError).not.toHaveBeenCalled();
    expect(deps.showNotification).not.toHaveBeenCalled();
  });

  it('cancels an earlier in-flight dedupe call with the same method and url', async () => {
    const { http, deps } = setup(ok(3));
    const first = http.post('/api/im/unReadImMessageCountWithBusiness', {}, { flags: { dedupe: true } });
    const second = http.post('/api/im/unReadImMessageCountWithBusiness', {}, { flags: { dedupe: true } });
    expect((await rejection(first)).kind).toBe('cancel');
    await expect(second).resolves.toBe(3);
    expect(deps.showError).not.toHaveBeenCalled();
  });

  it('leaves calls alone that differ in url or method, or are not flagged', async () => {
    const { http } = setup(ok(1));
    const calls = [
      http.post('/api/im/a', {}, { flags: { dedupe: true } }),
      http.post('/api/im/b', {}, { flags: { dedupe: true } }),
      http.get('/api/im/a', { flags: { dedupe: true } }),
      http.post('/feo/c'),
      http.post('/feo/c'),
    ];
    await expect(Promise.all(calls)).resolves.toEqual([1, 1, 1, 1, 1]);
  });

  it('lets a dedupe call run again after the previous one settled', async () => {
    const { http } = setup(ok(1));
    await http.post('/api/im/supplementMsg', {}, { flags: { dedupe: true } });
    await expect(http.post('/api/im/supplementMsg', {}, { flags: { dedupe: true } })).resolves.toBe(1);
  });
});
