import Cookies from 'js-cookie';
import { create } from 'zustand';

/** Spec 2.4: sidebar open state, 1 open and 0 closed; open when never set. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
/** Spec 9: below this window width the device is mobile. */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

function readSidebarOpen(): boolean {
  return Cookies.get(SIDEBAR_COOKIE) !== '0';
}

type AppState = {
  sidebarOpened: boolean;
  device: Device;
  /** Spec 9: the default UI size. */
  size: 'small' | 'middle' | 'large';
  toggleSidebar(): void;
  /** Closes without remembering it (mobile, route change). */
  closeSidebar(): void;
  setDevice(device: Device): void;
};

const startsMobile = isMobileWidth(window.innerWidth);

export const useAppStore = create<AppState>()((set, get) => ({
  sidebarOpened: !startsMobile && readSidebarOpen(),
  device: startsMobile ? 'mobile' : 'desktop',
  size: 'small',

  toggleSidebar() {
    const sidebarOpened = !get().sidebarOpened;
    // On a phone the sidebar is an overlay; its state there says nothing about the desktop preference.
    if (get().device === 'desktop') Cookies.set(SIDEBAR_COOKIE, sidebarOpened ? '1' : '0');
    set({ sidebarOpened });
  },

  closeSidebar() {
    set({ sidebarOpened: false });
  },

  setDevice(device) {
    if (device === get().device) return;
    set(
      device === 'mobile' ? { device, sidebarOpened: false } : { device, sidebarOpened: readSidebarOpen() },
    );
  },
}));
