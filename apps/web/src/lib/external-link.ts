import { runtimeConfig } from './env';
import { appendToken } from './format/link';

/**
 * Opens an external link in a new tab (spec 2.6, 2.15). Only safe absolute http(s) URLs open; the token is
 * appended only for allow-listed hosts. Returns false when the link was refused.
 */
export function openExternalLink(raw: string, token: string | null): boolean {
  const url = appendToken(raw, token, runtimeConfig.tokenHosts);
  if (url === null) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
