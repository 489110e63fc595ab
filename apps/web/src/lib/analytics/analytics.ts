import type { AppEnv } from '../env';
import type { StatsVendor } from './stats-vendor';

/** Spec 1, 9: the user id is retried every 800 ms, up to 10 retries, until it is available. */
export const IDENTIFY_RETRY_MS = 800;
export const IDENTIFY_RETRIES = 10;

/** Spec 5: non-empty string category, action and contentUrl, and a boolean for auto page view. */
export function isValidTracking(
  category: unknown,
  action: unknown,
  contentUrl: unknown,
  autoPageView: unknown,
): boolean {
  const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  return filled(category) && filled(action) && filled(contentUrl) && typeof autoPageView === 'boolean';
}

/** The id the vendor knows the user by: `username_workCode`; null until both are known. */
export function statsUserId(user: { username: string; workCode: string } | null): string | null {
  if (!user?.username || !user.workCode) return null;
  return `${user.username}_${user.workCode}`;
}

export type Analytics = {
  /** False when the input breaks the helper rules: nothing is sent. */
  trackEvent(category: string, action: string, contentUrl: string, autoPageView: boolean): boolean;
  trackPageView(contentUrl: string): boolean;
  /** Identifies the current user, retrying while the id is not yet known. Repeats for a changed user only. */
  identify(): void;
  stop(): void;
};

export type AnalyticsDeps = {
  env: AppEnv;
  scriptUrl: string;
  vendor: StatsVendor;
  loadScript(url: string): void;
  currentUserId(): string | null;
};

/** Null when statistics are off: in uat, or without a script URL (spec 1). */
export function createAnalytics(deps: AnalyticsDeps): Analytics | null {
  if (deps.env === 'uat' || deps.scriptUrl.trim() === '') return null;
  deps.loadScript(deps.scriptUrl);
  let identified: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function attempt(retriesLeft: number) {
    clearTimeout(retryTimer);
    const userId = deps.currentUserId();
    if (userId === null) {
      if (retriesLeft > 0) retryTimer = setTimeout(() => attempt(retriesLeft - 1), IDENTIFY_RETRY_MS);
      return;
    }
    if (userId === identified) return;
    identified = userId;
    deps.vendor.identify(userId);
  }

  return {
    trackEvent(category, action, contentUrl, autoPageView) {
      if (!isValidTracking(category, action, contentUrl, autoPageView)) return false;
      deps.vendor.trackEvent(category, action, contentUrl, autoPageView);
      return true;
    },
    trackPageView(contentUrl) {
      if (typeof contentUrl !== 'string' || contentUrl.trim() === '') return false;
      deps.vendor.trackPageView(contentUrl);
      return true;
    },
    identify: () => attempt(IDENTIFY_RETRIES),
    stop: () => clearTimeout(retryTimer),
  };
}

/** Adds the vendor script once, async, so it never holds up the page. */
export function loadScriptOnce(url: string, doc: Document = document): void {
  const present = Array.from(doc.scripts).some((script) => script.getAttribute('src') === url);
  if (present) return;
  const script = doc.createElement('script');
  script.async = true;
  script.src = url;
  doc.head.appendChild(script);
}
