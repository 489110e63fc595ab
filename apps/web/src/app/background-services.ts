import { startAnalytics } from '../lib/analytics';
import { startErrorReporting } from '../lib/error-report';
import { startVersionCheck } from '../lib/version-check';

let stopAll: (() => void) | null = null;

/**
 * Version check, statistics and error reporting (spec 1, 7.5, 8). main.tsx imports this module lazily after
 * the first render, so none of it weighs on the login page's first load. Starting twice is a no-op.
 */
export function start(): () => void {
  if (!stopAll) {
    const stops = [startErrorReporting(), startAnalytics(), startVersionCheck()];
    stopAll = () => {
      stops.forEach((stop) => stop());
      stopAll = null;
    };
  }
  return stopAll;
}
