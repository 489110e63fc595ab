import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDENTIFY_RETRIES,
  IDENTIFY_RETRY_MS,
  createAnalytics,
  isValidTracking,
  loadScriptOnce,
  statsUserId,
  type AnalyticsDeps,
} from './analytics';
import { commandQueueVendor, type StatsCommandQueue } from './stats-vendor';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // Spies on the fake timer functions first: restored after the real timers are back, they would put a fake one back.
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function setup(overrides: Partial<AnalyticsDeps> = {}) {
  const vendor = { identify: vi.fn(), trackEvent: vi.fn(), trackPageView: vi.fn() };
  const loadScript = vi.fn();
  let userId: string | null = null;
  const analytics = createAnalytics({
    env: 'prd',
    scriptUrl: 'https://stats.example.com/s.js',
    vendor,
    loadScript,
    currentUserId: () => userId,
    ...overrides,
  });
  return {
    analytics,
    vendor,
    loadScript,
    signIn(id: string | null) {
      userId = id;
    },
  };
}

describe('createAnalytics', () => {
  it('is off in uat and without a script URL, and loads nothing', () => {
    const uat = setup({ env: 'uat' });
    expect(uat.analytics).toBeNull();
    expect(uat.loadScript).not.toHaveBeenCalled();
    expect(setup({ scriptUrl: '  ' }).analytics).toBeNull();
  });

  it('loads the script in test and prd', () => {
    const { loadScript } = setup({ env: 'test' });
    expect(loadScript).toHaveBeenCalledWith('https://stats.example.com/s.js');
  });

  it('sends valid events and refuses invalid ones', () => {
    const { analytics, vendor } = setup();
    expect(analytics?.trackEvent('门店', '保存', '/store/info', false)).toBe(true);
    expect(vendor.trackEvent).toHaveBeenCalledWith('门店', '保存', '/store/info', false);
    expect(analytics?.trackEvent('', '保存', '/store/info', false)).toBe(false);
    expect(analytics?.trackEvent('门店', '保存', '/store/info', 'yes' as unknown as boolean)).toBe(false);
    expect(analytics?.trackPageView('')).toBe(false);
    expect(analytics?.trackPageView('/dashboard')).toBe(true);
    expect(vendor.trackEvent).toHaveBeenCalledTimes(1);
    expect(vendor.trackPageView).toHaveBeenCalledWith('/dashboard');
  });

  it('identifies at once when the user is known', () => {
    const { analytics, vendor, signIn } = setup();
    signIn('alice_W001');
    analytics?.identify();
    expect(vendor.identify).toHaveBeenCalledWith('alice_W001');
  });

  it('retries every 800 ms until the user id is available', () => {
    const { analytics, vendor, signIn } = setup();
    analytics?.identify();
    vi.advanceTimersByTime(IDENTIFY_RETRY_MS * 3);
    expect(vendor.identify).not.toHaveBeenCalled();
    signIn('alice_W001');
    vi.advanceTimersByTime(IDENTIFY_RETRY_MS - 1);
    expect(vendor.identify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(vendor.identify).toHaveBeenCalledExactlyOnceWith('alice_W001');
    vi.advanceTimersByTime(IDENTIFY_RETRY_MS * 20);
    expect(vendor.identify).toHaveBeenCalledTimes(1);
  });

  it('gives up after 10 retries', () => {
    const { analytics, vendor, signIn } = setup();
    const spy = vi.spyOn(globalThis, 'setTimeout');
    analytics?.identify();
    vi.advanceTimersByTime(IDENTIFY_RETRY_MS * IDENTIFY_RETRIES);
    expect(spy).toHaveBeenCalledTimes(IDENTIFY_RETRIES);
    signIn('alice_W001');
    vi.advanceTimersByTime(IDENTIFY_RETRY_MS * 5);
    expect(vendor.identify).not.toHaveBeenCalled();
  });

  it('identifies again only for a different user', () => {
    const { analytics, vendor, signIn } = setup();
    signIn('alice_W001');
    analytics?.identify();
    analytics?.identify();
    signIn('bob_W002');
    analytics?.identify();
    expect(vendor.identify.mock.calls).toEqual([['alice_W001'], ['bob_W002']]);
  });
});

describe('helpers', () => {
  it.each([
    [['门店', '保存', '/x', true], true],
    [['门店', '保存', '/x', false], true],
    [[' ', '保存', '/x', true], false],
    [['门店', '', '/x', true], false],
    [['门店', '保存', '', true], false],
    [['门店', '保存', '/x', 1], false],
    [[1, '保存', '/x', true], false],
    [['门店', '保存', null, true], false],
  ])('isValidTracking(%j) is %s', (args, valid) => {
    expect(isValidTracking(...(args as [unknown, unknown, unknown, unknown]))).toBe(valid);
  });

  it('names the user username_workCode once both are known', () => {
    expect(statsUserId({ username: 'alice', workCode: 'W001' })).toBe('alice_W001');
    expect(statsUserId({ username: 'alice', workCode: '' })).toBeNull();
    expect(statsUserId(null)).toBeNull();
  });

  it('queues vendor commands on the global before the script has loaded', () => {
    const target: { _czc?: StatsCommandQueue } = {};
    const vendor = commandQueueVendor('_czc', target);
    vendor.identify('alice_W001');
    vendor.trackEvent('门店', '保存', '/store/info', false);
    vendor.trackPageView('/dashboard');
    expect(target._czc).toEqual([
      ['_setUserId', 'alice_W001'],
      ['_setAutoPageview', false],
      ['_trackEvent', '门店', '保存', '/store/info'],
      ['_trackPageview', '/dashboard'],
    ]);
  });

  it('adds the script once, async', () => {
    loadScriptOnce('https://stats.example.com/s.js');
    loadScriptOnce('https://stats.example.com/s.js');
    const scripts = document.querySelectorAll('script[src="https://stats.example.com/s.js"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).async).toBe(true);
  });
});
