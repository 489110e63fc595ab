import { CLIENT_ERROR_LIMITS, STORE_CODE_PATTERN } from '@console/contract';
import type { AppEnv } from '../env';
import { isIgnored, type CapturedError } from './captured-error';

export const DEDUPE_WINDOW_MS = 60_000;
/** A page stuck in an error loop would otherwise send for ever. */
export const MAX_REPORTS_PER_PAGE = 20;

/** Who and where, read when a report is made. */
export type ReportContext = {
  userId: number | null;
  storeCode: string;
  pageUrl: string;
  userAgent: string;
  release: string;
};

export type ErrorReporterDeps = {
  env: AppEnv;
  endpoint: string;
  context(): ReportContext;
  send(endpoint: string, body: string): void;
  now?: () => number;
};

export type ErrorReporter = {
  /** True when the error was sent; false when ignored, a repeat within a minute, or over the cap. */
  report(error: CapturedError): boolean;
};

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Null in uat: "Monitoring is disabled in uat" (spec 8). */
export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter | null {
  if (deps.env === 'uat') return null;
  const now = deps.now ?? Date.now;
  const lastSent = new Map<string, number>();
  let sent = 0;

  return {
    report(error) {
      if (isIgnored(error) || sent >= MAX_REPORTS_PER_PAGE) return false;
      const key = `${error.kind}\n${error.message}\n${error.stack.split('\n', 2)[1] ?? ''}`;
      const previous = lastSent.get(key);
      if (previous !== undefined && now() - previous < DEDUPE_WINDOW_MS) return false;
      lastSent.set(key, now());
      sent += 1;

      const context = deps.context();
      const body = {
        kind: error.kind,
        message: cut(error.message.trim() || error.kind, CLIENT_ERROR_LIMITS.message),
        stack: cut(error.stack, CLIENT_ERROR_LIMITS.stack),
        pageUrl: cut(context.pageUrl, CLIENT_ERROR_LIMITS.pageUrl),
        userAgent: cut(context.userAgent, CLIENT_ERROR_LIMITS.userAgent),
        release: cut(context.release, CLIENT_ERROR_LIMITS.release),
        ...(STORE_CODE_PATTERN.test(context.storeCode) ? { storeCode: context.storeCode } : {}),
        // For a third-party collector; our own server ignores it and takes the user from the token.
        userId: context.userId,
      };
      deps.send(deps.endpoint, JSON.stringify(body));
      return true;
    },
  };
}

/**
 * `sendBeacon` survives the page unloading; it posts text/plain, which the endpoint accepts, and carries
 * the token cookie. Fallback: a keepalive fetch. Failures are dropped: reporting must never cause errors.
 */
export function sendReport(endpoint: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, body)) return;
  } catch {
    // Some browsers throw for a refused beacon; the fetch below is the fallback either way.
  }
  void fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
