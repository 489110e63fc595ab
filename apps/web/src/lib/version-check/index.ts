import { runtimeConfig } from '../env';
import { notify, preloadStaticNotices } from '../notify';
import {
  isNewRelease,
  isNewVersion,
  parseEntryAssets,
  parseReleaseMark,
  runningAssets,
  runningReleaseMark,
} from './entry-assets';
import { VERSION_LABELS } from './labels';
import { createVersionChecker, startPolling, type VersionTrigger } from './version-checker';

/** Spec 7.5: GET / with a cache-busting hash and the monitoring ignore flag. */
export function versionCheckUrl(): string {
  const hash = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `/?hash=${hash}&apmIgnore=1`;
}

async function fetchIndexHtml(): Promise<string> {
  const response = await fetch(versionCheckUrl(), {
    cache: 'no-store',
    credentials: 'same-origin',
    headers: { accept: 'text/html' },
  });
  if (!response.ok) throw new Error(`index.html answered ${response.status}`);
  return response.text();
}

function showNewVersionDialog(trigger: VersionTrigger): void {
  void notify
    .alert({
      title: VERSION_LABELS.title,
      content: trigger === 'startup' ? VERSION_LABELS.newVersionOnStartup : VERSION_LABELS.newVersion,
    })
    .then(() => window.location.reload());
}

/** A script or stylesheet of our own origin that failed to load (third-party scripts say nothing about us). */
function isOwnScriptOrStylesheet(target: EventTarget | null): boolean {
  let url: string | null = null;
  if (target instanceof HTMLScriptElement) url = target.src;
  else if (target instanceof HTMLLinkElement && target.relList.contains('stylesheet')) url = target.href;
  if (!url) return false;
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Spec 7.5: compares at startup, every `versionPollMs`, and when our own script or stylesheet fails. */
export function startVersionCheck(): () => void {
  if (import.meta.env.DEV) return () => undefined;
  preloadStaticNotices();
  const checker = createVersionChecker({
    fetchIndexHtml,
    isNewVersion: (html) =>
      isNewVersion(parseEntryAssets(html, window.location.href), runningAssets(document)) ||
      isNewRelease(parseReleaseMark(html), runningReleaseMark(document)),
    onNewVersion: showNewVersionDialog,
  });
  const onResourceError = (event: Event) => {
    if (isOwnScriptOrStylesheet(event.target)) void checker.check('resource');
  };
  // A lazy page whose chunk vanished with a deployment; Vite still throws, so the route error page shows too.
  const onPreloadError = () => void checker.check('resource');

  void checker.check('startup');
  const stopPolling = startPolling({
    intervalMs: runtimeConfig.versionPollMs,
    run: () => void checker.check('poll'),
  });
  // Resource errors do not bubble: only a capturing listener on window sees them.
  window.addEventListener('error', onResourceError, true);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    stopPolling();
    window.removeEventListener('error', onResourceError, true);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
