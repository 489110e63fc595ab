import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type HtmlEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (`Accept-Encoding`, `q=0` refuses one); brotli first. */
export function preferredEncoding(acceptEncoding: string | undefined): HtmlEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const encoders: Record<Exclude<HtmlEncoding, 'identity'>, (html: string) => Buffer> = {
  br: (html) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (html) => gzipSync(html, { level: 9 }),
};

/**
 * index.html is assembled per request (release, route preloads, a page drawn at build time) but takes only a few
 * shapes: each is compressed once per shape and encoding and kept, instead of compressed on every request.
 * `shape` must name everything the HTML depends on; a new release is a new shape (the old ones are dropped).
 */
export function compressedHtmlCache() {
  const kept = new Map<string, Buffer>();
  let generation = '';
  return (
    shape: string,
    generationKey: string,
    html: () => string,
    encoding: HtmlEncoding,
  ): Buffer | string => {
    if (encoding === 'identity') return html();
    if (generationKey !== generation) {
      kept.clear();
      generation = generationKey;
    }
    const key = `${encoding}:${shape}`;
    let body = kept.get(key);
    if (!body) {
      body = encoders[encoding](html());
      kept.set(key, body);
    }
    return body;
  };
}
