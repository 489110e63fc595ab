import { isExternalPath } from '@console/contract';
type UrlInput = string | null | undefined;

/** True for http:, https:, mailto: and tel: links (one rule with the menu's, in the contract). */
export const isExternal: (path: UrlInput) => boolean = isExternalPath;

/**
 * Characters browsers silently drop or reinterpret while parsing a URL (tabs and newlines inside
 * 'java\tscript:', other controls, backslashes as slashes) or that hide part of it (invisible
 * and bidi format characters, any whitespace or separator). A safe URL contains none of them.
 */
const UNSAFE_CHARS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;

/**
 * Scheme, '//', then an all-ASCII authority: host name, IPv4 or [IPv6], optional port. No user
 * info ('https://ourhost.com@evil.com'), no percent-encoding, no Unicode look-alike letters.
 */
const HTTP_URL = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#]|$)/i;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function hasRealHost(url: URL): boolean {
  const { hostname } = url;
  if (hostname.startsWith('[')) return true;
  const labels = hostname.replace(/\.$/, '').split('.');
  return hostname.length <= 253 && labels.every((label) => HOST_LABEL.test(label));
}

/** Parses an http(s) URL that passes every check below, or returns null. */
function parseSafeHttpUrl(input: UrlInput): URL | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text === '' || UNSAFE_CHARS.test(text) || !HTTP_URL.test(text) || !URL.canParse(text)) return null;
  const url = new URL(text);
  const isHttp = url.protocol === 'http:' || url.protocol === 'https:';
  return isHttp && url.username === '' && url.password === '' && hasRealHost(url) ? url : null;
}

/**
 * True only for an absolute http: or https: URL with a real host. Rejects javascript:, data:,
 * vbscript: and every other scheme, protocol-relative '//host', 'https:host' without slashes,
 * backslashes, whitespace or control characters anywhere ('java\tscript:'), user info before
 * the host, percent-encoded or non-ASCII hosts, and empty hosts. Surrounding blanks are ignored.
 */
export function isSafeHttpUrl(url: UrlInput): boolean {
  return parseSafeHttpUrl(url) !== null;
}

function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  // An entry with a port must match host:port; one without matches the host on any port.
  return allowHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    return (
      allowed !== '' &&
      (allowed.includes(':') && !allowed.startsWith('[') ? allowed === host : allowed === hostname)
    );
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Sets `name=value` in the query of `base` (a URL without its fragment), replacing an existing one. */
function setQueryParam(base: string, name: string, value: string): string {
  const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  const queryStart = base.indexOf('?');
  if (queryStart === -1) return `${base}?${pair}`;
  const path = base.slice(0, queryStart);
  const params = base.slice(queryStart + 1).split('&');
  const existing = new RegExp(`^${escapeRegExp(encodeURIComponent(name))}(?:=|$)`);
  const kept = params.filter((param) => param !== '' && !existing.test(param));
  return `${path}?${[...kept, pair].join('&')}`;
}

/**
 * Adds the session token to a link that opens another of our own systems.
 * - Unsafe URLs (see {@link isSafeHttpUrl}) give null.
 * - The token is added only when the URL's host is exactly an entry of `allowHosts`
 *   (case-insensitive; no suffix or prefix matching); otherwise the URL comes back unchanged.
 * - An existing parameter of the same name is replaced; the #fragment is kept at the end.
 * - An empty token leaves the URL unchanged.
 */
export function appendToken(
  url: UrlInput,
  token: string | null | undefined,
  allowHosts: readonly string[],
  paramName: string = 'token',
): string | null {
  const parsed = parseSafeHttpUrl(url);
  if (parsed === null || typeof url !== 'string') return null;
  const text = url.trim();
  if (!token || !isAllowedHost(parsed, allowHosts)) return text;
  const hashStart = text.indexOf('#');
  const base = hashStart === -1 ? text : text.slice(0, hashStart);
  const hash = hashStart === -1 ? '' : text.slice(hashStart);
  return setQueryParam(base, paramName, token) + hash;
}
