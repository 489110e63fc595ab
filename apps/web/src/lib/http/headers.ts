import type { CallerIdentity } from './types';

/** The product name as the API sees it (spec 1); shown text lives in labels. */
export const APP_NAME = '门店运营云平台';
export const APP_CODE = 'store-console';
export const CHANNEL = 'pc';

/**
 * Headers every trusted call carries (spec 7.1). Custom header values are percent-encoded so that Chinese
 * names survive HTTP/1.1; the token is sent as is (it is URL-safe and `Bearer` needs its plain space).
 */
export function buildCallerHeaders(token: string | null, identity: CallerIdentity): Record<string, string> {
  const headers: Record<string, string> = {
    'X-App-Name': encodeURIComponent(APP_NAME),
    'X-App-Code': encodeURIComponent(APP_CODE),
    'X-User-Name': encodeURIComponent(identity.userName),
    'X-Work-Code': encodeURIComponent(identity.workCode),
    'X-Mobile': encodeURIComponent(identity.mobile),
    'X-Store-Code': encodeURIComponent(identity.storeCode),
    'X-Channel': encodeURIComponent(CHANNEL),
  };
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers.externalToken = token;
  }
  return headers;
}

/** Relative URLs go to our own origin; absolute ones only to the configured hosts. */
export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:\/\//i.test(url) || url.startsWith('//');
}
