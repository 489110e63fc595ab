import { runtimeConfig } from '../env';
import { useSessionStore } from '../../stores/session-store';
import { createAnalytics, loadScriptOnce, statsUserId, type Analytics } from './analytics';
import { commandQueueVendor } from './stats-vendor';

let active: Analytics | null = null;

/**
 * Statistics event (spec 5 helper). Answers false, sending nothing, when statistics are off or the input
 * breaks the rules: non-empty strings and a boolean.
 */
export function trackEvent(
  category: string,
  action: string,
  contentUrl: string,
  autoPageView: boolean,
): boolean {
  return active?.trackEvent(category, action, contentUrl, autoPageView) ?? false;
}

export function trackPageView(contentUrl: string): boolean {
  return active?.trackPageView(contentUrl) ?? false;
}

/** Loads the statistics script (not in uat, not without a URL) and identifies the user. */
export function startAnalytics(): () => void {
  const currentUserId = () => statsUserId(useSessionStore.getState().user);
  active = createAnalytics({
    env: runtimeConfig.env,
    scriptUrl: runtimeConfig.statsScriptUrl,
    vendor: commandQueueVendor(),
    loadScript: (url) => loadScriptOnce(url),
    currentUserId,
  });
  const analytics = active;
  if (!analytics) return () => undefined;
  analytics.identify();
  // A sign-in later in this page load (the login page does not reload) identifies the new user.
  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (state.user !== previous.user) analytics.identify();
  });
  return () => {
    unsubscribe();
    analytics.stop();
    if (active === analytics) active = null;
  };
}

export type { StatsVendor, StatsCommandQueue } from './stats-vendor';
