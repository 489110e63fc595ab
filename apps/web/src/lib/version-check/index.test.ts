// startVersionCheck preloads antd's static notices; test/dom.ts has them loaded before the tests.
import '../../test/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../notify';
import { withRuntimeConfig } from '../../test/runtime-config';
import { startVersionCheck, versionCheckUrl } from './index';
import { VERSION_LABELS } from './labels';

const alert = vi.fn((_options: { title: string; content: string }) => Promise.resolve());
withRuntimeConfig({ versionPollMs: 60_000 });
beforeEach(() => {
  vi.spyOn(notify, 'alert').mockImplementation(alert as typeof notify.alert);
});

const RUNNING = '/assets/index-old1.js';
const page = (entry: string) => `<html><head><script type="module" src="${entry}"></script></head></html>`;

let served = page(RUNNING);
const fetchMock = vi.fn((_url: string) => Promise.resolve(new Response(served, { status: 200 })));
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubEnv('DEV', false);
  vi.stubGlobal('fetch', fetchMock);
  document.head.innerHTML = `<script type="module" src="${RUNNING}"></script>`;
  served = page(RUNNING);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  alert.mockClear();
});

const failedScript = (src: string) => {
  const script = document.createElement('script');
  script.src = src;
  document.body.appendChild(script);
  script.dispatchEvent(new Event('error'));
};

describe('startVersionCheck', () => {
  it('asks GET / with a cache-busting hash and apmIgnore=1', () => {
    const first = new URL(versionCheckUrl(), 'https://c.example.com');
    const second = new URL(versionCheckUrl(), 'https://c.example.com');
    expect(first.pathname).toBe('/');
    expect(first.searchParams.get('apmIgnore')).toBe('1');
    expect(first.searchParams.get('hash')).not.toBe(second.searchParams.get('hash'));
  });

  it('checks at startup and shows the startup text for a new version', async () => {
    served = page('/assets/index-new2.js');
    stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith({
      title: VERSION_LABELS.title,
      content: VERSION_LABELS.newVersionOnStartup,
    });
  });

  it('checks on a failed script of our own and on a failed lazy chunk, not on a third-party script', async () => {
    stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    failedScript('https://stats.example.com/s.js');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    served = page('/assets/index-new2.js');
    window.dispatchEvent(new Event('vite:preloadError'));
    failedScript('/assets/page-gone.js');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenCalledExactlyOnceWith({
      title: VERSION_LABELS.title,
      content: VERSION_LABELS.newVersion,
    });
  });

  it('polls every versionPollMs', async () => {
    stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(60_000 * 3);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('does nothing in development', async () => {
    vi.stubEnv('DEV', true);
    stop = startVersionCheck();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
