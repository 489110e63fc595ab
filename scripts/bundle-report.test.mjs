import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bundleReport,
  entryKey,
  filesOf,
  formatChunks,
  formatReport,
  lazyChunkOf,
  loginRouteChunks,
  shellChunks,
  staticClosure,
} from './bundle-report.mjs';

/** Shaped like Vite's .vite/manifest.json: the login page and shell share a chunk, icons are split out. */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/features/auth/login-page.tsx', 'src/shell/layout.tsx', 'src/features/big.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_form.js': { file: 'assets/form.js', imports: ['index.html', '_icons.js'] },
  '_icons.js': { file: 'assets/icons.js', imports: ['index.html'] },
  '_menu.js': { file: 'assets/menu.js', imports: ['index.html', '_vendor.js'] },
  'src/features/auth/login-page.tsx': {
    file: 'assets/login-page.js',
    src: 'src/features/auth/login-page.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form.js'],
    dynamicImports: ['src/features/big.tsx'],
    css: ['assets/login-page.css'],
  },
  'src/shell/layout.tsx': {
    file: 'assets/layout.js',
    src: 'src/shell/layout.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_form.js', '_menu.js'],
  },
  'src/features/big.tsx': { file: 'assets/big.js', src: 'src/features/big.tsx', isDynamicEntry: true },
};

describe('chunk graph', () => {
  it('finds the entry chunk of index.html', () => {
    expect(entryKey(manifest)).toBe('index.html');
  });

  it('follows static imports only, once each, through cycles', () => {
    expect([...staticClosure(manifest, ['_form.js'])].sort()).toEqual([
      '_form.js',
      '_icons.js',
      '_vendor.js',
      'index.html',
    ]);
  });

  it('measures the login route as entry + login chunk + their static imports, not lazy chunks', () => {
    const keys = loginRouteChunks(manifest);
    expect([...keys].sort()).toEqual([
      '_form.js',
      '_icons.js',
      '_vendor.js',
      'index.html',
      'src/features/auth/login-page.tsx',
    ]);
    expect(filesOf(manifest, keys).css.sort()).toEqual(['assets/index.css', 'assets/login-page.css']);
  });

  it('measures the shell without what the entry already loads', () => {
    expect([...shellChunks(manifest)].sort()).toEqual([
      '_form.js',
      '_icons.js',
      '_menu.js',
      'src/shell/layout.tsx',
    ]);
  });

  it('refuses to measure when the login chunk, the shell or the entry is missing', () => {
    const withoutLogin = { ...manifest };
    delete withoutLogin['src/features/auth/login-page.tsx'];
    expect(() => loginRouteChunks(withoutLogin)).toThrow(/login-page\.tsx not found/);
    const withoutShell = { ...manifest };
    delete withoutShell['src/shell/layout.tsx'];
    expect(() => shellChunks(withoutShell)).toThrow(/layout\.tsx not found/);
    expect(() => entryKey({ 'src/a.ts': { file: 'a.js' } })).toThrow(/entry chunk not found/);
  });

  it('finds a lazy chunk that Rollup merged with shared code (keyed by chunk name, without src)', () => {
    const merged = { ...manifest };
    const chunk = { ...merged['src/features/auth/login-page.tsx'] };
    delete chunk.src;
    delete merged['src/features/auth/login-page.tsx'];
    merged['_login-page-abc123.js'] = { ...chunk, name: 'login-page' };
    expect(lazyChunkOf(merged, 'src/features/auth/login-page.tsx')).toBe('_login-page-abc123.js');
    expect(loginRouteChunks(merged).has('_login-page-abc123.js')).toBe(true);
    // Two candidates: refuse to guess.
    merged['_login-page-def456.js'] = { ...chunk, name: 'login-page' };
    expect(() => lazyChunkOf(merged, 'src/features/auth/login-page.tsx')).toThrow(/2 candidates/);
  });

  it('fails on an import that the manifest does not list', () => {
    const broken = { ...manifest, '_form.js': { file: 'assets/form.js', imports: ['_gone.js'] } };
    expect(() => loginRouteChunks(broken)).toThrow(/_gone\.js not found/);
  });
});

describe('bundleReport', () => {
  let dist;
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  function writeDist(sizes) {
    dist = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const entry of Object.values(manifest)) {
      for (const file of [entry.file, ...(entry.css ?? [])]) {
        // Random bytes, so that gzip cannot shrink them below the budget.
        writeFileSync(path.join(dist, file), randomBytes(sizes[file] ?? 100));
      }
    }
  }

  it('sums gzip sizes per route and passes within budget', () => {
    writeDist({});
    const report = bundleReport(dist);
    expect(report.over).toEqual([]);
    const login = report.rows.find((row) => row.name === 'login');
    expect(login.chunks).toBe(5);
    expect(login.js.raw).toBe(500);
    expect(login.js.gzip).toBeGreaterThan(0);
    expect(formatReport(report)).toMatch(/login route\s+5\s+0\.5/);
    expect(formatChunks(report)).toContain('assets/login-page.js');
  });

  it('reports the budget a route exceeds', () => {
    writeDist({ 'assets/big.js': 900_000, 'assets/vendor.js': 400_000 });
    expect(bundleReport(dist).over).toEqual(['login']);
  });

  it('fails clearly without a build', () => {
    dist = mkdtempSync(path.join(tmpdir(), 'bundle-report-'));
    expect(() => bundleReport(dist)).toThrow(/manifest\.json is missing/);
  });
});
