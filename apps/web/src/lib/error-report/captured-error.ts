import type { ClientErrorKind } from '@console/contract';
import { isApiError } from '../http/errors';

/** One error as seen in the browser, before the ignore rules. */
export type CapturedError = {
  kind: ClientErrorKind;
  message: string;
  stack: string;
  /** The request or resource URL the error is about, if any (for the ignore flag). */
  url?: string;
  /** The HTTP status of a failed API call. */
  status?: number | null;
};

/** Spec 8: request failures are expected noise; these are the messages the original HTTP library used. */
export const IGNORED_MESSAGE_PARTS = ['Request failed', 'Network Error', 'Request aborted'] as const;
/** Spec 7.5: the version check marks its own request so monitoring skips it. */
const IGNORE_FLAG = /[?&]apmIgnore=1(?:&|#|$)/;

/**
 * Spec 8 ignore rules. "A 401 is logged as 200": an expired session is the app working as designed (the
 * HTTP layer signs out), so a 401 is not an error and is not reported at all.
 */
export function isIgnored(error: CapturedError): boolean {
  if (IGNORED_MESSAGE_PARTS.some((part) => error.message.includes(part))) return true;
  if (error.message.trim() === 'cancel') return true;
  if (error.status === 401) return true;
  return error.url !== undefined && IGNORE_FLAG.test(error.url);
}

/**
 * Turns anything thrown or rejected into a report. API failures get the original library's wording, so
 * the ignore rules treat them the same way; only timeouts are kept (the user waited and got nothing).
 */
export function captureThrown(kind: ClientErrorKind, thrown: unknown): CapturedError {
  if (isApiError(thrown)) {
    switch (thrown.kind) {
      case 'cancel':
        return { kind, message: 'cancel', stack: '' };
      case 'network':
        return { kind, message: 'Network Error', stack: '' };
      case 'timeout':
        return { kind: 'timeout', message: `Request timeout: ${thrown.message}`, stack: thrown.stack ?? '' };
      default:
        return {
          kind,
          message: `Request failed with status code ${thrown.status ?? 200}${thrown.errorCode ? ` (${thrown.errorCode})` : ''}`,
          stack: '',
          status: thrown.status,
        };
    }
  }
  if (thrown instanceof Error) {
    return { kind, message: thrown.message || thrown.name, stack: thrown.stack ?? '' };
  }
  if (typeof thrown === 'string') return { kind, message: thrown, stack: '' };
  let text: string;
  try {
    text = JSON.stringify(thrown) ?? String(thrown);
  } catch {
    text = String(thrown);
  }
  return { kind, message: text, stack: '' };
}

/** Spec: query parameters that may carry secrets never leave the browser in a report. */
const SECRET_PARAM = /token|ticket|code|pass|pwd|secret|key|auth|session|sign/i;

export function safePageUrl(href: string): string {
  try {
    const url = new URL(href);
    for (const name of [...url.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) url.searchParams.delete(name);
    }
    url.hash = '';
    return url.href;
  } catch {
    return '';
  }
}
