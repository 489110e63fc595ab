/**
 * Whether a URL points at one of our own hosts (spec: the token travels only to allow-listed hosts).
 * Exact host-name match after URL parsing, so look-alikes such as `ours.com.evil.io` or
 * `https://ours.com@evil.io` never pass. Only http(s) URLs can be trusted.
 */
export function isTrustedUrl(url: string, trustedHosts: readonly string[], baseOrigin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, baseOrigin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return trustedHosts.includes(parsed.hostname.toLowerCase());
}
