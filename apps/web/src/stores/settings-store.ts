import Cookies from 'js-cookie';
import { create } from 'zustand';
import { THEME_COLOR } from '../app/theme';

/** Spec 2.9: the eight preset theme colours, the spec's red first. */
export const PRESET_COLORS = [
  '#ff2f28',
  '#1890ff',
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
] as const;

export const THEME_COOKIE = 'theme';
/** Spec 9: the theme cookie lives 365 days. */
export const THEME_COOKIE_DAYS = 365;
export const LAYOUT_SETTINGS_KEY = 'layout-setting';

/** The toggles of the settings panel, all on by default; kept in localStorage. */
const DEFAULT_TOGGLES = { tagsView: true, fixedHeader: true, sidebarLogo: true, uniqueOpened: true };
export type LayoutToggles = typeof DEFAULT_TOGGLES;
type ToggleKey = keyof LayoutToggles;
const TOGGLE_KEYS = Object.keys(DEFAULT_TOGGLES) as ToggleKey[];

export type SettingsState = LayoutToggles & {
  theme: string;
  /** Whether the settings drawer is open. */
  showSettings: boolean;
  showFooter: boolean;
  footerTxt: string;
  caseNumber: string;
  formBarHeight: number;
  isReplaceStore: boolean;
  countryList: string[];
  setTheme(color: string): void;
  setToggle(key: ToggleKey, value: boolean): void;
  setShowSettings(open: boolean): void;
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

export function readTheme(): string {
  const saved = Cookies.get(THEME_COOKIE);
  return saved && HEX_COLOR.test(saved) ? saved : THEME_COLOR;
}

export function readToggles(): LayoutToggles {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(LAYOUT_SETTINGS_KEY) ?? '{}');
    const toggles = { ...DEFAULT_TOGGLES };
    if (typeof saved === 'object' && saved !== null) {
      for (const key of TOGGLE_KEYS) {
        const value = (saved as Record<string, unknown>)[key];
        if (typeof value === 'boolean') toggles[key] = value;
      }
    }
    return toggles;
  } catch {
    return { ...DEFAULT_TOGGLES };
  }
}

type FooterDefaults = { showFooter: boolean; footerTxt: string; caseNumber: string };

/** Footer text and filing number: from the runtime config when it names them, else the product's own. */
export function footerDefaults(raw: unknown): FooterDefaults {
  const config = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const text = (key: string, fallback: string) =>
    typeof config[key] === 'string' ? (config[key] as string) : fallback;
  return {
    showFooter: typeof config.showFooter === 'boolean' ? config.showFooter : true,
    footerTxt: text('footerTxt', '© 2026 门店运营云平台'),
    caseNumber: text('caseNumber', ''),
  };
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  theme: readTheme(),
  ...readToggles(),
  showSettings: false,
  ...footerDefaults(window.__APP_CONFIG__),
  formBarHeight: 0,
  isReplaceStore: false,
  countryList: [],

  setTheme(color) {
    if (!HEX_COLOR.test(color)) return;
    Cookies.set(THEME_COOKIE, color, { expires: THEME_COOKIE_DAYS, sameSite: 'lax' });
    set({ theme: color });
  },

  setToggle(key, value) {
    set({ [key]: value } as Partial<LayoutToggles>);
    const state = get();
    const toggles = Object.fromEntries(TOGGLE_KEYS.map((name) => [name, state[name]]));
    localStorage.setItem(LAYOUT_SETTINGS_KEY, JSON.stringify(toggles));
  },

  setShowSettings(showSettings) {
    set({ showSettings });
  },
}));
