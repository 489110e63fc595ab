import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedHtmlCache, preferredEncoding } from './compressed-html.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['GZIP;q=1', 'gzip'],
    ['identity', 'identity'],
    ['br;q=0,gzip;q=0', 'identity'],
    [undefined, 'identity'],
    ['', 'identity'],
  ] as const)('%s → %s', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe('compressedHtmlCache', () => {
  it('compresses each shape once per generation and drops the old generation', () => {
    const cache = compressedHtmlCache();
    let builds = 0;
    const html = (text: string) => () => {
      builds += 1;
      return text;
    };
    const first = cache('/login', 'r1', html('<p>登录</p>'), 'br');
    expect(brotliDecompressSync(first).toString()).toBe('<p>登录</p>');
    expect(cache('/login', 'r1', html('ignored'), 'br')).toBe(first);
    expect(builds).toBe(1);
    expect(gunzipSync(cache('/login', 'r1', html('<p>登录</p>'), 'gzip')).toString()).toBe('<p>登录</p>');
    // A new release: the page is assembled again.
    expect(brotliDecompressSync(cache('/login', 'r2', html('<p>新版</p>'), 'br')).toString()).toBe(
      '<p>新版</p>',
    );
    expect(cache('/', 'r2', html('<p>plain</p>'), 'identity')).toBe('<p>plain</p>');
    expect(builds).toBe(4);
  });
});
