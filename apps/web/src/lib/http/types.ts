export type RequestFlags = {
  /** No notice of any kind; the caller reports the failure itself. A 401/403 still ends or redirects. */
  silent?: boolean;
  /** A 401 keeps the session; the user is told the login expired instead of being signed out. */
  ignore401?: boolean;
  /** A later call with the same method and url cancels this one while it is still in flight. */
  dedupe?: boolean;
};

export type RequestOptions = {
  params?: Record<string, unknown>;
  flags?: RequestFlags;
  signal?: AbortSignal;
  /** Overrides the configured timeout for this call, in ms. */
  timeout?: number;
  /** 'blob' for downloads; a JSON error answered as a blob is still read and reported. */
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who is calling, as sent in the X-* headers. */
export type CallerIdentity = { userName: string; workCode: string; mobile: string; storeCode: string };

/** What the HTTP layer needs from the rest of the app; wired once at start-up (app/wire-http.ts). */
export type HttpDeps = {
  getToken(): string | null;
  getIdentity(): CallerIdentity;
  /** Whether an absolute URL may receive the token and identity headers. Relative URLs always may. */
  isTrustedUrl(url: string): boolean;
  timeoutMs(): number;
  /** A 401 on a call that carried a token: end the session locally and reload. */
  onSessionExpired(): void;
  /** A 403 on a call that carried a token. */
  onForbidden(): void;
  /** A 503 `MAINTENANCE`: a backup is being restored; the console waits on /repair. */
  onMaintenance(): void;
  showError(text: string): void;
  showNotification(text: string, seconds: number): void;
};
