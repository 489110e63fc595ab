import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let dist: string;
const BIG_SCRIPT = `console.log(${JSON.stringify('门店'.repeat(2000))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head><!--APP_CONFIG--></head><body></body></html>');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
  // What the build's precompress step writes beside a large file.
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built console', () => {
  it.each(['/', '/order/rob-orders', '/user/center?tab=1'])(
    'answers index.html with the config script at %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<script src="/app-config.js"></script>');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it('serves assets, and never index.html without its config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('caches only hashed assets for a year; other files and index.html are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary', async () => {
    const url = '/assets/big-def456.js';
    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/big-def456.js.br', '/assets/big-def456.js.gz'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps JSON 404s for unknown API paths', async () => {
    for (const url of ['/api/unknown', '/auth/nothing', '/dev', '/auth/ljyPwdLogin']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().errorMsg).toBe('接口不存在，请联系管理员！');
    }
  });

  it('still serves the API', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
