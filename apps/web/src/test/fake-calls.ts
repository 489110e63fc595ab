import type { Endpoint } from '@console/contract';
import { beforeEach, vi, type Mock } from 'vitest';
import { http, transport, type Call, type CallOptions, type HttpClient } from '../lib/http';
import { notify } from '../lib/notify';

/**
 * Fakes of the app's two common outlets, the API (`call`, `http`) and the notices (`notify`), installed as spies
 * rather than with `vi.mock`, so that a test file using them keeps its place in the shared module graph of the
 * `web` test project (vitest.config.ts, "isolate"). Call these at the top level of a test file: each registers a
 * `beforeEach` that (re)installs its spies, so they hold in every test even when the file restores all mocks
 * between tests; test/shared-worker.ts restores them when the file ends.
 */

/** How a test answers `call(endpoint, input, options)`: the value (or promise) that call resolves to. */
export type CallHandler = (
  endpoint: Endpoint,
  input: Record<string, unknown>,
  options?: CallOptions,
) => unknown;

/**
 * Answers every `call()` of the file with `handler` (by default: rejects, naming the path). Returns the mock that
 * stands for `call`: assert on it or give it other answers per test (`mockResolvedValueOnce`, ...); like a
 * `vi.fn()` of the file, it keeps its answers and calls across tests unless the file clears them.
 */
export function answerCalls(handler: CallHandler = unexpectedCall): Mock<CallHandler> {
  const answer = vi.fn(handler);
  beforeEach(() => {
    vi.spyOn(transport, 'call').mockImplementation(answer as unknown as Call);
  });
  return answer;
}

/** The default answer of `answerCalls`: a test that calls what it did not expect fails with the path. */
export function unexpectedCall(endpoint: Endpoint): Promise<never> {
  return Promise.reject(new Error(`unexpected call ${endpoint.method} ${endpoint.path}`));
}

/**
 * Answers by endpoint with the input alone: `answerCalls(byEndpoint(endpoints, { list: api.list, ... }))`; any
 * other endpoint is unexpected.
 */
export function byEndpoint<K extends string>(
  endpoints: Record<K, Endpoint>,
  answers: Partial<Record<K, (input: Record<string, unknown>) => unknown>>,
): CallHandler {
  return (endpoint, input) => {
    const name = (Object.keys(endpoints) as K[]).find((key) => endpoints[key] === endpoint);
    const answer = name === undefined ? undefined : answers[name];
    return answer ? answer(input) : unexpectedCall(endpoint);
  };
}

type HttpMethod = 'get' | 'post' | 'put' | 'del' | 'request';
const HTTP_METHODS: HttpMethod[] = ['get', 'post', 'put', 'del', 'request'];

/**
 * Sends what goes through `http` (and so `call` too, unless the file answers calls) to `client` instead, e.g. a
 * client on a fake server's adapter. Returns the spies on `http`'s methods, renewed before each test.
 */
export function routeHttp(client: HttpClient): Record<HttpMethod, Mock> {
  const spies = {} as Record<HttpMethod, Mock>;
  beforeEach(() => {
    for (const method of HTTP_METHODS) {
      spies[method] = vi.spyOn(http, method).mockImplementation(client[method] as never) as Mock;
    }
  });
  return spies;
}

type Notices = typeof notify;
/** The stand-ins of `notify`'s functions: each does nothing and returns undefined. */
export type NotifySpies = { [K in keyof Notices]: Mock<Notices[K]> };

/**
 * Replaces the notices with mocks that show nothing, so no test loads antd's static message, notification and
 * modal (which a test ending right after a toast would tear down mid-import). Returns the mocks to assert on
 * and to answer confirms with (`notices.confirm.mockResolvedValue(true)`).
 */
export function spyNotify(): NotifySpies {
  const mocks = Object.fromEntries(
    Object.keys(notify).map((name) => [name, vi.fn()]),
  ) as unknown as NotifySpies;
  beforeEach(() => {
    for (const name of Object.keys(mocks) as (keyof Notices)[]) {
      vi.spyOn(notify, name).mockImplementation(mocks[name] as never);
    }
  });
  return mocks;
}

/**
 * Stands `mocks` in for methods of an API object of a feature (e.g. `valetApi`) in every test of the file, where
 * the test fakes that object's methods rather than the endpoints behind them. Returns `mocks`.
 */
export function stubMethods<T extends object, M extends { [K in keyof T]?: Mock }>(target: T, mocks: M): M {
  beforeEach(() => {
    for (const name of Object.keys(mocks) as (keyof T & keyof M & string)[]) {
      vi.spyOn(target as Record<string, () => unknown>, name).mockImplementation(mocks[name] as never);
    }
  });
  return mocks;
}
