import { CLIENT_ERROR_PATHS } from '@console/contract';
import { useSessionStore } from '../../stores/session-store';
import { currentStoreCode } from '../../stores/shop-store';
import { runtimeConfig } from '../env';
import { releaseOf } from '../version-check/entry-assets';
import { captureThrown, safePageUrl, type CapturedError } from './captured-error';
import { createErrorReporter, sendReport, type ErrorReporter } from './error-reporter';

let reporter: ErrorReporter | null = null;
let started = false;
/** Errors from before the start (a crash during the first render), replayed once it runs. */
const early: CapturedError[] = [];
const EARLY_MAX = 20;

function capture(error: CapturedError): void {
  if (reporter) reporter.report(error);
  else if (!started && early.length < EARLY_MAX) early.push(error);
}

/** For React error boundaries (the route error page). */
export function reportRenderError(error: unknown): void {
  capture(captureThrown('render', error));
}

function describeTarget(target: EventTarget | null): { tag: string; url: string } | null {
  if (target instanceof HTMLScriptElement || target instanceof HTMLImageElement) {
    return { tag: target.tagName.toLowerCase(), url: target.src };
  }
  if (target instanceof HTMLLinkElement) return { tag: 'link', url: target.href };
  return null;
}

function onError(event: Event): void {
  const resource = describeTarget(event.target);
  if (resource) {
    const url = safePageUrl(resource.url) || resource.url;
    capture({
      kind: 'resource',
      message: `Failed to load ${resource.tag} ${url}`,
      stack: '',
      url: resource.url,
    });
    return;
  }
  if (event instanceof ErrorEvent) {
    const captured = captureThrown('error', event.error ?? event.message);
    if (!captured.stack && event.filename)
      captured.stack = `at ${event.filename}:${event.lineno}:${event.colno}`;
    capture(captured);
  }
}

function onRejection(event: PromiseRejectionEvent): void {
  capture(captureThrown('rejection', event.reason));
}

/** Error reporting (spec 1, 8): off in uat; otherwise window errors, rejections and render crashes. */
export function startErrorReporting(): () => void {
  started = true;
  reporter = createErrorReporter({
    env: runtimeConfig.env,
    endpoint: runtimeConfig.errorReportUrl || CLIENT_ERROR_PATHS.report,
    send: sendReport,
    context: () => ({
      userId: useSessionStore.getState().user?.id ?? null,
      storeCode: currentStoreCode(),
      pageUrl: safePageUrl(window.location.href),
      userAgent: navigator.userAgent,
      release: releaseOf(document),
    }),
  });
  const active = reporter;
  const pending = early.splice(0);
  if (!active) return () => undefined;
  for (const error of pending) active.report(error);
  // Capture phase: resource errors do not bubble to window.
  window.addEventListener('error', onError, true);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError, true);
    window.removeEventListener('unhandledrejection', onRejection);
    if (reporter === active) reporter = null;
  };
}
