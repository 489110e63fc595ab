import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding of ours that an Accept-Encoding header allows: brotli, then gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const allowed = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(?:\.0*)?\s*$/.test(quality ?? ''))
      .map(([coding]) => coding?.trim().toLowerCase()),
  );
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip')) return 'gzip';
  return 'identity';
}

/** Variants kept before the copies start again: a page has a handful (by path, by release). */
const MAX_VARIANTS = 16;

/**
 * Compresses a generated page once per variant: index.html differs only by the few paths that get extra markup
 * and by the release, so each variant is compressed on its first request, not on every one.
 */
export function createPageCompressor() {
  const copies = new Map<string, Partial<Record<Exclude<PageEncoding, 'identity'>, Buffer>>>();
  return (html: string, encoding: PageEncoding): string | Buffer => {
    if (encoding === 'identity') return html;
    if (!copies.has(html) && copies.size >= MAX_VARIANTS) copies.clear();
    const variant = copies.get(html) ?? {};
    copies.set(html, variant);
    variant[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(html, { level: 9 });
    return variant[encoding];
  };
}
