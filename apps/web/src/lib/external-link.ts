import { runtimeConfig } from './env';
import { isTrustedUrl } from './trusted-hosts';

export function isExternalLink(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

/**
 * The URL to open for an external link, or null if it must not open (only absolute http(s) URLs do).
 * The token is appended only for allow-listed hosts (DESIGN 4, "Links").
 */
export function externalLinkUrl(
  raw: string,
  token: string | null,
  trustedHosts: readonly string[],
): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (token && isTrustedUrl(url.href, trustedHosts, url.origin)) url.searchParams.set('token', token);
  return url.href;
}

/** Opens an external link in a new tab; false when the link was refused. */
export function openExternalLink(raw: string, token: string | null): boolean {
  const url = externalLinkUrl(raw, token, runtimeConfig.tokenHosts);
  if (url === null) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
