/**
 * What the console asks of a statistics vendor. Another vendor is adapted by writing one more function that
 * returns this shape; nothing else in the app knows which vendor runs.
 */
export type StatsVendor = {
  identify(userId: string): void;
  trackEvent(category: string, action: string, contentUrl: string, autoPageView: boolean): void;
  trackPageView(contentUrl: string): void;
};

/**
 * The global of command-queue scripts (CNZZ `_czc`, Baidu `_hmt`): an array the page pushes commands into
 * before the script has loaded; once loaded, the script replays them and replaces `push`.
 */
export type StatsCommandQueue = { push(...commands: unknown[][]): unknown };

export const DEFAULT_STATS_GLOBAL = '_czc';

/** The adapter for a command-queue vendor whose global is `window[globalName]`. */
export function commandQueueVendor(globalName = DEFAULT_STATS_GLOBAL, target: object = window): StatsVendor {
  const slots = target as Record<string, StatsCommandQueue | undefined>;
  const push = (command: unknown[]) => {
    const queue = (slots[globalName] ??= []);
    queue.push(command);
  };
  return {
    identify: (userId) => push(['_setUserId', userId]),
    trackEvent: (category, action, contentUrl, autoPageView) => {
      push(['_setAutoPageview', autoPageView]);
      push(['_trackEvent', category, action, contentUrl]);
    },
    trackPageView: (contentUrl) => push(['_trackPageview', contentUrl]),
  };
}
