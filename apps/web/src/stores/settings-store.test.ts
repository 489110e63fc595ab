import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  footerDefaults,
  LAYOUT_SETTINGS_KEY,
  PRESET_COLORS,
  THEME_COOKIE,
  useSettingsStore,
} from './settings-store';

beforeEach(() => {
  Cookies.remove(THEME_COOKIE);
  localStorage.clear();
});

afterEach(() => vi.restoreAllMocks());

describe('settings store', () => {
  it('offers 8 preset colours, the spec red first, and defaults to it', async () => {
    expect(PRESET_COLORS).toHaveLength(8);
    expect(PRESET_COLORS[0]).toBe('#ff2f28');
    vi.resetModules();
    const fresh = await import('./settings-store');
    expect(fresh.useSettingsStore.getState().theme).toBe('#ff2f28');
  });

  it('keeps the theme colour in a cookie for 365 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    useSettingsStore.getState().setTheme('#1890ff');
    expect(set).toHaveBeenCalledWith(THEME_COOKIE, '#1890ff', expect.objectContaining({ expires: 365 }));
    expect(Cookies.get(THEME_COOKIE)).toBe('#1890ff');
    expect(useSettingsStore.getState().theme).toBe('#1890ff');
  });

  it('restores the saved theme on load and ignores a malformed one', async () => {
    Cookies.set(THEME_COOKIE, '#11a983');
    vi.resetModules();
    expect((await import('./settings-store')).useSettingsStore.getState().theme).toBe('#11a983');
    Cookies.set(THEME_COOKIE, 'red;evil');
    vi.resetModules();
    expect((await import('./settings-store')).useSettingsStore.getState().theme).toBe('#ff2f28');
  });

  it('persists the toggles in localStorage', async () => {
    useSettingsStore.getState().setToggle('tagsView', false);
    useSettingsStore.getState().setToggle('uniqueOpened', false);
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}')).toMatchObject({
      tagsView: false,
      uniqueOpened: false,
      fixedHeader: true,
    });
    vi.resetModules();
    const state = (await import('./settings-store')).useSettingsStore.getState();
    expect(state).toMatchObject({
      tagsView: false,
      uniqueOpened: false,
      fixedHeader: true,
      sidebarLogo: true,
    });
  });

  it('takes footer text and filing number from the runtime config, else its own', () => {
    expect(footerDefaults(undefined)).toEqual({
      showFooter: true,
      footerTxt: '© 2026 门店运营云平台',
      caseNumber: '',
    });
    expect(footerDefaults({ footerTxt: '© 门店', caseNumber: '京ICP备1号', showFooter: false })).toEqual({
      showFooter: false,
      footerTxt: '© 门店',
      caseNumber: '京ICP备1号',
    });
  });
});
