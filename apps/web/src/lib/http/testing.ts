import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { HttpDeps } from './types';
import { vi } from 'vitest';

/** What a fake server answers: a status and body, a network failure, a timeout, or never. */
export type FakeReply = { status: number; data?: unknown } | 'network-error' | 'timeout' | 'hang';

/**
 * A test adapter: `reply` decides the outcome of each request; every request config is recorded.
 * A hanging request still honours its abort signal, like the real adapters do.
 */
export function fakeAdapter(reply: (config: InternalAxiosRequestConfig) => FakeReply) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    calls.push(config);
    const outcome = reply(config);
    return new Promise<AxiosResponse>((resolve, reject) => {
      config.signal?.addEventListener?.('abort', () =>
        reject(new CanceledError(undefined, undefined, config)),
      );
      if (outcome === 'hang') return;
      if (outcome === 'network-error') {
        reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
        return;
      }
      if (outcome === 'timeout') {
        reject(new AxiosError('timeout exceeded', AxiosError.ECONNABORTED, config));
        return;
      }
      const response: AxiosResponse = {
        status: outcome.status,
        statusText: String(outcome.status),
        data: outcome.data,
        headers: new AxiosHeaders(),
        config,
      };
      // Resolve asynchronously so that a later call in the same tick can still cancel this one.
      setTimeout(() => {
        if (outcome.status >= 200 && outcome.status < 300) resolve(response);
        else
          reject(
            new AxiosError(
              `Request failed with status code ${outcome.status}`,
              undefined,
              config,
              null,
              response,
            ),
          );
      }, 0);
    });
  };
  return { adapter, calls };
}

export function fakeDeps(overrides: Partial<HttpDeps> = {}): HttpDeps {
  return {
    getToken: () => 'tok-123',
    getIdentity: () => ({ userName: '张三', workCode: 'W001', mobile: '13800000000', storeCode: 'S01' }),
    isTrustedUrl: (url) => url.startsWith('https://biz.example.com/'),
    timeoutMs: () => 1_200_000,
    onSessionExpired: vi.fn(),
    onForbidden: vi.fn(),
    onMaintenance: vi.fn(),
    showError: vi.fn(),
    showNotification: vi.fn(),
    ...overrides,
  };
}

export function ok(data: unknown): FakeReply {
  return { status: 200, data: { result: 0, data, errorMsg: null, errorCode: null } };
}

export function fail(status: number, errorMsg: string | null, errorCode: string | null = 'ERR'): FakeReply {
  return { status, data: { result: 1, data: null, errorMsg, errorCode } };
}
