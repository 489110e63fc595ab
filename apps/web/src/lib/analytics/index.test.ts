import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../stores/session-store';
import { withRuntimeConfig } from '../../test/runtime-config';
import { startAnalytics, trackEvent, trackPageView } from './index';
import type { StatsCommandQueue } from './stats-vendor';

const config = withRuntimeConfig({ env: 'prd', statsScriptUrl: 'https://stats.example.com/s.js' });
const queue = () => (window as unknown as { _czc?: StatsCommandQueue & unknown[][] })._czc ?? [];

let stop: () => void = () => undefined;
// Nobody signed in yet: an earlier file of the worker may have left a user in the session store.
beforeEach(() => useSessionStore.getState().clearLocal());
afterEach(() => {
  stop();
  delete (window as unknown as { _czc?: unknown })._czc;
  config.env = 'prd';
});

describe('startAnalytics', () => {
  it('loads the script, identifies a user who signs in later, and tracks', () => {
    stop = startAnalytics();
    expect(document.querySelector('script[src="https://stats.example.com/s.js"]')).not.toBeNull();
    useSessionStore.setState({
      user: { id: 1, username: 'alice', workCode: 'W001', nickName: '', phone: '', avatarPath: '' },
    });
    expect(trackEvent('门店', '保存', '/store/info', true)).toBe(true);
    expect(trackPageView('/dashboard')).toBe(true);
    expect(queue()).toEqual([
      ['_setUserId', 'alice_W001'],
      ['_setAutoPageview', true],
      ['_trackEvent', '门店', '保存', '/store/info'],
      ['_trackPageview', '/dashboard'],
    ]);
  });

  it('is off in uat: nothing is sent', () => {
    config.env = 'uat';
    stop = startAnalytics();
    expect(trackEvent('门店', '保存', '/store/info', true)).toBe(false);
    expect(queue()).toEqual([]);
  });
});
