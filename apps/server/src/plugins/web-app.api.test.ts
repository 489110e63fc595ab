import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isHashedAsset } from './web-app.js';

let t: TestApp;
let dist: string;
const BIG_SCRIPT = `console.log(${JSON.stringify('门店'.repeat(2000))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'console-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><!--APP_CONFIG--><link rel="stylesheet" crossorigin href="/assets/index-Gh6_a-2S.css"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Gh6_a-2S.css'), 'body{margin:0}');
  writeFileSync(path.join(dist, 'assets', 'login-page-Cd4_y-0Q.css'), '._page_1{color:red}/*</style>*/');
  writeFileSync(path.join(dist, 'assets', 'main-Ab3_x-9Z.js'), 'console.log(1);');
  // What the build's precompress step writes beside a large file.
  writeFileSync(path.join(dist, 'assets', 'big-Def456gh.js'), BIG_SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'big-Def456gh.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'big-Def456gh.js.gz'), gzipSync(BIG_SCRIPT));
  // Not written by Vite: no hash in its name, so it may change under it.
  writeFileSync(path.join(dist, 'assets', 'notes.txt'), 'unhashed');
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      '/login': {
        modules: ['/assets/login-page-Ab3_x-9Z.js', 'javascript:alert(1)'],
        styles: ['/assets/login-page-Cd4_y-0Q.css'],
      },
      '/401': { modules: ['/assets/error-pages-Ij7_b-3T.js'], styles: ['/assets/error-pages-Ef5_z-1R.css'] },
    }),
  );
  // What the build's prerender step writes (apps/web/prerender.ts).
  writeFileSync(
    path.join(dist, 'prerender.json'),
    JSON.stringify({
      '/login': {
        standard: { html: '<div inert><form>登录</form></div>', css: '.a{color:red}</style><script>' },
        demo: { html: '<div inert><form>演示环境</form></div>', css: '.a{color:red}' },
      },
    }),
  );
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('isHashedAsset', () => {
  it.each([
    ['/d/assets/index-BxT3_a9c.js', true],
    ['/d/assets/login-page-C0-q8ZzA.css', true],
    ['/d/assets/index-BxT3_a9c.js.map', true],
    ['/d/assets/readme.txt', false],
    ['/d/assets/index-abc.js', false],
    ['/d/favicon-BxT3_a9c.svg', false],
    ['/d/assets-old/index-BxT3_a9c.js', false],
  ])('%s → %s', (file, hashed) => {
    expect(isHashedAsset('/d', file)).toBe(hashed);
  });
});

describe('the built console', () => {
  it.each(['/', '/order/rob-orders', '/user/center?tab=1'])(
    'answers index.html with the config script at %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<script defer src="/app-config.js"></script>');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it("preloads a page's chunks in the index.html sent to its path only", async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fdashboard' });
    expect(login.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-Ab3_x-9Z.js">',
    );
    // The login page is drawn in the HTML (below): its stylesheets are written in for the first paint, and
    // cannot close their element early.
    expect(login.body).toContain(
      '<style data-href="/assets/login-page-Cd4_y-0Q.css">._page_1{color:red}/*<\\/style>*/</style>',
    );
    expect(login.body).toContain('<style data-href="/assets/index-Gh6_a-2S.css">body{margin:0}</style>');
    expect(login.body).not.toContain('rel="stylesheet"');
    // Every other page links the entry's stylesheet.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-Gh6_a-2S.css">',
    );
    const unauthorised = (await t.app.inject({ method: 'GET', url: '/401' })).body;
    expect(unauthorised).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/error-pages-Ef5_z-1R.css">',
    );
    // A page that is not drawn needs its entry first: its chunks come after it.
    expect(unauthorised).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/error-pages-Ij7_b-3T.js" fetchpriority="low">',
    );
    // Only asset URLs are written into the page.
    expect(login.body).not.toContain('javascript:');
    for (const url of ['/', '/dashboard', '/login/other']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('modulepreload');
    }
    expect((await t.app.inject({ method: 'GET', url: '/route-preloads.json' })).statusCode).toBe(404);
  });

  it('sends the page drawn at build time for its path, in the variant of the runtime config', async () => {
    const standard = await createTestApp({ webDist: dist, demoMode: false });
    let login;
    try {
      login = await standard.app.inject({ method: 'GET', url: '/login' });
    } finally {
      await standard.close();
    }
    expect(login.body).toContain('<div id="root"><div inert><form>登录</form></div></div>');
    expect(login.body).not.toContain('演示环境');
    // The styles go into the head, and cannot close their element early.
    expect(login.body).toContain('<style>.a{color:red}<\\/style><script></style>');
    expect(login.body.indexOf('<style>')).toBeLessThan(login.body.indexOf('</head>'));
    for (const url of ['/', '/dashboard', '/login/other']) {
      expect((await t.app.inject({ method: 'GET', url })).body).toContain('<div id="root"></div>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/prerender.json' })).statusCode).toBe(404);

    const demo = await createTestApp({ webDist: dist, demoMode: true });
    try {
      const body = (await demo.app.inject({ method: 'GET', url: '/login' })).body;
      expect(body).toContain('<div id="root"><div inert><form>演示环境</form></div></div>');
    } finally {
      await demo.close();
    }
  });

  it('compresses index.html for browsers that accept it, brotli first, the same page each time', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/login' })).body;
    const br = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(
      (await t.app.inject({ method: 'GET', url: '/dashboard' })).body,
    );
    // A second request is answered from the kept copy: byte for byte the same.
    const again = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
  });

  it('serves assets, and never index.html without its config', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/main-Ab3_x-9Z.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('caches only hashed assets for a year; other files and index.html are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-Ab3_x-9Z.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    const unhashed = await t.app.inject({ method: 'GET', url: '/assets/notes.txt' });
    expect(unhashed.statusCode).toBe(200);
    expect(unhashed.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/login', '/dashboard']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ method: 'GET', url: '/app-config.js' })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('revalidates unhashed files with a validator: an unchanged one answers 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends the precompressed copy the browser accepts, brotli first, with Vary', async () => {
    const url = '/assets/big-Def456gh.js';
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
    for (const url of ['/assets/big-Def456gh.js.br', '/assets/big-Def456gh.js.gz'])
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
