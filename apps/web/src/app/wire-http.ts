import { configureHttp } from '../lib/http';
import { notify } from '../lib/notify';
import { isOwnRestore } from '../lib/maintenance';
import { markSessionExpired } from '../lib/session-expiry';
import { useSessionStore, watchAccountChange } from '../stores/session-store';
import { currentStoreCode } from '../stores/shop-store';
import { APP_LABELS } from './labels';

/** Connects the HTTP layer to the session (token, X-* headers) and to navigation. Call before the router. */
export function wireHttp(navigate: (to: string) => void): void {
  configureHttp({
    getToken: () => useSessionStore.getState().token,
    getIdentity: () => {
      const user = useSessionStore.getState().user;
      return {
        userName: user?.username ?? '',
        workCode: user?.workCode ?? '',
        mobile: user?.phone ?? '',
        storeCode: currentStoreCode(),
      };
    },
    onSessionExpired: () => {
      useSessionStore.getState().clearLocal();
      markSessionExpired();
      window.location.reload();
    },
    onForbidden: () => navigate('/401'),
    onMaintenance: () => {
      const { pathname, search, hash } = window.location;
      if (isOwnRestore() || pathname === '/repair') return;
      navigate(`/repair?from=${encodeURIComponent(pathname + search + hash)}`);
    },
  });
}

/** Spec 4.1: another tab changed the signed-in account; warn, then reload. */
export function watchAccount(): () => void {
  return watchAccountChange(() => {
    void notify
      .alert({ title: APP_LABELS.tip, content: APP_LABELS.accountChanged })
      .then(() => window.location.reload());
  });
}
