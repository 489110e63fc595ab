import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCompressor, pageEncoding } from './compressed-page.js';

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
    [undefined, 'identity'],
  ])('%s → %s', (header, encoding) => {
    expect(pageEncoding(header)).toBe(encoding);
  });
});

describe('createPageCompressor', () => {
  const page = `<html>${'门店'.repeat(500)}</html>`;

  it('answers the page itself, or its brotli or gzip copy', () => {
    const compress = createPageCompressor();
    expect(compress(page, 'identity')).toBe(page);
    expect(brotliDecompressSync(compress(page, 'br')).toString()).toBe(page);
    expect(gunzipSync(compress(page, 'gzip')).toString()).toBe(page);
  });

  it('compresses a variant once', () => {
    const compress = createPageCompressor();
    expect(compress(page, 'br')).toBe(compress(page, 'br'));
    expect(compress(`${page}!`, 'br')).not.toBe(compress(page, 'br'));
  });
});
