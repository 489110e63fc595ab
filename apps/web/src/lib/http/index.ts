import { runtimeConfig } from '../env';
import { notify } from '../notify';
import { isTrustedUrl } from '../trusted-hosts';
import { createCall, type Call } from './call';
import { createHttpClient } from './client';
import type { HttpDeps } from './types';

/** Defaults until app/wire-http.ts connects the session; the object is read on every call. */
const deps: HttpDeps = {
  getToken: () => null,
  getIdentity: () => ({ userName: '', workCode: '', mobile: '', storeCode: '' }),
  isTrustedUrl: (url) => isTrustedUrl(url, runtimeConfig.tokenHosts, window.location.origin),
  timeoutMs: () => runtimeConfig.requestTimeoutMs,
  onSessionExpired: () => window.location.reload(),
  onForbidden: () => window.location.assign('/401'),
  onMaintenance: () => window.location.assign('/repair'),
  showError: (text) => notify.error(text),
  showNotification: (text, seconds) => notify.notification(text, seconds),
};

export function configureHttp(next: Partial<HttpDeps>): void {
  Object.assign(deps, next);
}

/** The app's single HTTP client. */
export const http = createHttpClient(deps);
/**
 * What `call` goes through. Production never replaces it. It exists for the web tests: they answer calls with
 * `vi.spyOn(transport, 'call')` (test/fake-calls.ts) instead of replacing this module with `vi.mock`, which
 * would cost the file its place in the shared module graph of the `web` test project (vitest.config.ts).
 * `http`'s methods are spied on directly for the same reason.
 */
export const transport: { call: Call } = { call: createCall(http) };
/** Calls an endpoint of the contract through `http` (see call.ts). */
export const call: Call = (endpoint, input, options) => transport.call(endpoint, input, options);
export type { Call, CallOptions } from './call';

export type { HttpClient } from './client';
export { ApiError, isApiError, isCancelledError } from './errors';
export type { ApiErrorKind } from './errors';
export { API_BASE, businessUrl, storeConsolePath } from './paths';
export { HTTP_LABELS } from './labels';
export type { CallerIdentity, HttpDeps, RequestFlags, RequestOptions } from './types';
