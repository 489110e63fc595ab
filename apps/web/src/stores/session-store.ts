import { AUTH_PATHS, type LoginResult, type SessionUser, type UserInfo } from '@console/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { http } from '../lib/http';
import { effectiveRoles } from '../lib/permission';
import { useMenuStore } from './menu-store';
import { TOKEN_KEY, USER_STORAGE_KEYS } from './session-keys';
import { useShopStore } from './shop-store';
import { useTagsStore } from './tags-store';

/** Signing out must not hang on the 20-minute default timeout: the local session ends anyway. */
const LOGOUT_TIMEOUT_MS = 10_000;

// The token cookie of spec 3 is set by the server at sign-in, HttpOnly and for the error report path only.
function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

function writeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function readStoredUser(): SessionUser | null {
  const storedId = localStorage.getItem(USER_STORAGE_KEYS.id);
  const id = Number(storedId);
  if (storedId === null || !Number.isInteger(id)) return null;
  const text = (key: keyof typeof USER_STORAGE_KEYS) => localStorage.getItem(USER_STORAGE_KEYS[key]) ?? '';
  return {
    id,
    username: text('username'),
    nickName: text('nickName'),
    workCode: text('workCode'),
    phone: text('phone'),
    avatarPath: text('avatarPath'),
  };
}

function writeUser(user: SessionUser): void {
  for (const field of Object.keys(USER_STORAGE_KEYS) as (keyof SessionUser)[]) {
    localStorage.setItem(USER_STORAGE_KEYS[field], String(user[field]));
  }
}

function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  // A script-readable token cookie of an older version, if the browser still has one.
  Cookies.remove(TOKEN_KEY);
  for (const key of Object.values(USER_STORAGE_KEYS)) localStorage.removeItem(key);
}

export type SessionState = {
  token: string | null;
  user: SessionUser | null;
  /** Empty until user info is known; then never empty (an account without roles holds the default role). */
  roles: string[];
  /** Whether the server menu has been turned into routes in this page load. */
  menusLoaded: boolean;
  login(result: LoginResult): void;
  setUserInfo(info: UserInfo): void;
  setMenusLoaded(loaded: boolean): void;
  /** Signs out on the server when there is a token, and always clears local state (spec 4.1). */
  logout(): Promise<void>;
  /** Forgets the session in this browser only. */
  clearLocal(): void;
};

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: readToken(),
  user: readStoredUser(),
  roles: [],
  menusLoaded: false,

  login({ token, user, roles }) {
    writeToken(token);
    writeUser(user);
    set({ token, user, roles: effectiveRoles(roles), menusLoaded: false });
  },

  setUserInfo({ user, roles }) {
    writeUser(user);
    set({ user, roles: effectiveRoles(roles) });
  },

  setMenusLoaded(menusLoaded) {
    set({ menusLoaded });
  },

  async logout() {
    if (get().token) {
      try {
        await http.del(AUTH_PATHS.logout, {
          flags: { silent: true, ignore401: true },
          timeout: LOGOUT_TIMEOUT_MS,
        });
      } catch {
        // The local session ends whatever the server answered.
      }
    }
    get().clearLocal();
  },

  clearLocal() {
    clearStoredSession();
    useShopStore.getState().setShopInfo(null);
    useMenuStore.getState().setMenus([]);
    useTagsStore.getState().delAllViews();
    set({ token: null, user: null, roles: [], menusLoaded: false });
  },
}));

/**
 * Another tab signed in as someone else or signed out (spec 4.1): `onChange` is called so the page can
 * warn and reload. Returns the unsubscribe function.
 */
export function watchAccountChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== USER_STORAGE_KEYS.id && event.key !== null) return;
    const stored = localStorage.getItem(USER_STORAGE_KEYS.id);
    const mine = useSessionStore.getState().user?.id;
    if (stored !== (mine === undefined ? null : String(mine))) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
