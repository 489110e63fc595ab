import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VERSION_FETCH_RETRIES,
  createVersionChecker,
  retryDelayMs,
  startPolling,
  type VersionTrigger,
} from './version-checker';

const OLD = '<script type="module" src="/assets/index-old.js"></script>';
const NEW = '<script type="module" src="/assets/index-new.js"></script>';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(fetchIndexHtml: () => Promise<string>) {
  const fetch = vi.fn(fetchIndexHtml);
  const onNewVersion = vi.fn<(trigger: VersionTrigger) => void>();
  const checker = createVersionChecker({
    fetchIndexHtml: fetch,
    isNewVersion: (html) => html !== OLD,
    onNewVersion,
  });
  return { checker, fetch, onNewVersion };
}

describe('createVersionChecker', () => {
  it('tells nothing when the fetched page is the running version', async () => {
    const { checker, onNewVersion } = setup(() => Promise.resolve(OLD));
    await expect(checker.check('startup')).resolves.toBe(false);
    expect(onNewVersion).not.toHaveBeenCalled();
  });

  it('announces a new version once, with the trigger that found it', async () => {
    const { checker, fetch, onNewVersion } = setup(() => Promise.resolve(NEW));
    await expect(checker.check('resource')).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(checker.check('poll')).resolves.toBe(true);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    expect(onNewVersion).toHaveBeenCalledWith('resource');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shares one comparison between triggers within 5 s', async () => {
    const { checker, fetch } = setup(() => Promise.resolve(OLD));
    const first = checker.check('startup');
    const second = checker.check('resource');
    expect(second).toBe(first);
    await first;
    await vi.advanceTimersByTimeAsync(4_999);
    await checker.check('resource');
    expect(fetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    await checker.check('poll');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries a failing fetch up to 10 times with growing waits, then gives up quietly', async () => {
    const { checker, fetch, onNewVersion } = setup(() => Promise.reject(new Error('offline')));
    const result = checker.check('poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(retryDelayMs(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await expect(result).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1 + VERSION_FETCH_RETRIES);
    expect(onNewVersion).not.toHaveBeenCalled();
  });

  it('finds the new version when a retry succeeds, and shares the retrying comparison', async () => {
    let calls = 0;
    const { checker, fetch, onNewVersion } = setup(() =>
      ++calls < 4 ? Promise.reject(new Error('502')) : Promise.resolve(NEW),
    );
    const first = checker.check('startup');
    await vi.advanceTimersByTimeAsync(retryDelayMs(1) + 100);
    expect(checker.check('resource')).toBe(first);
    await vi.advanceTimersByTimeAsync(retryDelayMs(2) + retryDelayMs(3));
    await expect(first).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(onNewVersion).toHaveBeenCalledWith('startup');
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('startPolling', () => {
  function fakeDocument() {
    const target = new EventTarget();
    const doc = {
      hidden: false,
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      setHidden(hidden: boolean) {
        doc.hidden = hidden;
        target.dispatchEvent(new Event('visibilitychange'));
      },
    };
    return doc;
  }

  it('runs every interval while visible, and stops', () => {
    const run = vi.fn();
    const stop = startPolling({ intervalMs: 1_000, run, doc: fakeDocument() });
    vi.advanceTimersByTime(3_500);
    expect(run).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('pauses while hidden and runs on return when overdue', () => {
    const doc = fakeDocument();
    const run = vi.fn();
    startPolling({ intervalMs: 1_000, run, doc });
    vi.advanceTimersByTime(400);
    doc.setHidden(true);
    vi.advanceTimersByTime(5_000);
    expect(run).not.toHaveBeenCalled();
    doc.setHidden(false);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('waits out the rest of the interval when back before it is due', () => {
    const doc = fakeDocument();
    const run = vi.fn();
    startPolling({ intervalMs: 1_000, run, doc });
    vi.advanceTimersByTime(300);
    doc.setHidden(true);
    vi.advanceTimersByTime(300);
    doc.setHidden(false);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(399);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
