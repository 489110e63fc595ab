import type * as Axios from 'axios';
import type { AxiosAdapter, AxiosInstance } from 'axios';
import { ApiError, cancelledError } from './errors';

/**
 * The contract's MAINTENANCE_ERROR_CODE, written out: this client is in the login page's chunk, and importing the
 * contract here put its schemas there (bundle budget). client.test.ts checks the two agree.
 */
const MAINTENANCE_ERROR_CODE = 'MAINTENANCE';
import { errorCodeOf, messageOf, readBody, unwrapEnvelope } from './envelope';
import { buildCallerHeaders, isAbsoluteUrl } from './headers';
import { HTTP_LABELS } from './labels';
import type { HttpDeps, HttpMethod, RequestFlags, RequestOptions } from './types';

export type HttpClient = {
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  del<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  request<T>(method: HttpMethod, url: string, body: unknown, options?: RequestOptions): Promise<T>;
};

const NOTICE_SECONDS = 5;

type AxiosModule = typeof Axios;

/** `axios` is null when its chunk could not be loaded: the call never left the browser. */
async function toApiError(error: unknown, axios: AxiosModule | null): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (!axios) return new ApiError('network', HTTP_LABELS.network);
  const { AxiosError } = axios;
  if (axios.isCancel(error)) return cancelledError();
  if (!(error instanceof AxiosError)) return new ApiError('network', HTTP_LABELS.network);
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
    return new ApiError('timeout', HTTP_LABELS.timeout);
  }
  const response = error.response;
  if (!response) return new ApiError('network', HTTP_LABELS.network);

  const body = await readBody(response.data);
  const fallback = response.status === 404 ? HTTP_LABELS.notFound : HTTP_LABELS.failed;
  return new ApiError('http', messageOf(body) ?? fallback, {
    status: response.status,
    errorCode: errorCodeOf(body),
  });
}

/**
 * One axios instance with the spec 7.1/8 behaviour: caller headers, envelope unwrapping, Chinese notices,
 * 401/403 handling and cancellation of duplicate in-flight calls. `adapter` is for tests.
 *
 * axios is imported on the first call, not with the entry chunk: the login page can render before it arrives
 * (docs/web-app.md, "Bundle budget").
 */
export function createHttpClient(deps: HttpDeps, adapter?: AxiosAdapter): HttpClient {
  let loading: Promise<{ axios: AxiosModule; instance: AxiosInstance }> | null = null;
  let loaded: AxiosModule | null = null;
  const loadAxios = () =>
    (loading ??= import('axios').then(
      (axios) => {
        loaded = axios;
        return { axios, instance: axios.default.create(adapter ? { adapter } : {}) };
      },
      (error: unknown) => {
        loading = null; // a later call tries again
        throw error;
      },
    ));
  const inFlight = new Map<string, AbortController>();
  let sessionEnding = false;

  /** Side effects of a failure; returns the error to reject with. */
  function reactToFailure(error: ApiError, flags: RequestFlags, carriedToken: boolean): ApiError {
    if (error.kind === 'cancel') return error;
    // A restore holds the database: no notice, the console waits on /repair (whoever started it stays).
    if (error.status === 503 && error.errorCode === MAINTENANCE_ERROR_CODE) {
      deps.onMaintenance();
      return error;
    }
    // Session reactions apply only to calls made with a token: a failed sign-in is an ordinary error.
    if (carriedToken && error.status === 401) {
      if (flags.ignore401) {
        if (!flags.silent) deps.showError(HTTP_LABELS.sessionExpired);
      } else if (!sessionEnding) {
        sessionEnding = true;
        deps.onSessionExpired();
      }
      return error;
    }
    if (carriedToken && error.status === 403) {
      deps.onForbidden();
      return error;
    }
    if (flags.silent) return error;
    if (error.kind === 'timeout' || error.kind === 'network')
      deps.showNotification(error.message, NOTICE_SECONDS);
    else deps.showError(error.message);
    return error;
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<T> {
    const flags = options.flags ?? {};
    const trusted = !isAbsoluteUrl(url) || deps.isTrustedUrl(url);
    const token = trusted ? deps.getToken() : null;

    const controller = new AbortController();
    const abort = () => controller.abort();
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const key = `${method} ${url}`;
    if (flags.dedupe) {
      inFlight.get(key)?.abort();
      inFlight.set(key, controller);
    }

    try {
      const { instance } = await loadAxios();
      const response = await instance.request({
        method,
        url,
        data: body,
        params: options.params,
        headers: { ...(trusted ? buildCallerHeaders(token, deps.getIdentity()) : {}), ...options.headers },
        timeout: options.timeout ?? deps.timeoutMs(),
        responseType: options.responseType ?? 'json',
        signal: controller.signal,
      });
      return unwrapEnvelope<T>(await readBody(response.data), response.status);
    } catch (error) {
      throw reactToFailure(await toApiError(error, loaded), flags, token !== null);
    } finally {
      options.signal?.removeEventListener('abort', abort);
      if (inFlight.get(key) === controller) inFlight.delete(key);
    }
  }

  return {
    request,
    get: (url, options) => request('GET', url, undefined, options),
    del: (url, options) => request('DELETE', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
  };
}
