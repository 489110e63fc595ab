const PROBE_ORIGIN = 'http://redirect.invalid';

/**
 * Where to go after sign-in: the `redirect` parameter only if it is a path on this site, else `fallback`.
 * Rejects `//host`, `/\host`, schemes and control characters (browsers drop tabs and newlines, so
 * `/\t/host` would become `//host`), and /login itself.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being rejected
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
