import { beforeEach, describe, expect, it } from 'vitest';
import {
  isNewRelease,
  isNewVersion,
  parseEntryAssets,
  parseReleaseMark,
  releaseOf,
  runningAssets,
  runningReleaseMark,
} from './entry-assets';

const BASE = 'https://console.example.com/';
const BUILT_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script src="/app-config.js"></script>
    <script type="module" crossorigin src="/assets/index-CSqBYr6y.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-Ab12.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C4S4s_IL.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('parseEntryAssets', () => {
  it('finds the module entry script and the stylesheets, absolute', () => {
    expect(parseEntryAssets(BUILT_INDEX, BASE)).toEqual([
      'https://console.example.com/assets/index-CSqBYr6y.js',
      'https://console.example.com/assets/index-C4S4s_IL.css',
    ]);
  });

  it('reads single-quoted and unquoted attributes in any order', () => {
    const html = `<SCRIPT src='/assets/a-1.js' type=module></SCRIPT><link href=/assets/b-2.css rel="preload stylesheet">`;
    expect(parseEntryAssets(html, BASE)).toEqual([
      'https://console.example.com/assets/a-1.js',
      'https://console.example.com/assets/b-2.css',
    ]);
  });

  it('finds nothing in a page that is not the console (an error page, a proxy notice)', () => {
    expect(parseEntryAssets('<html><body>502 Bad Gateway</body></html>', BASE)).toEqual([]);
  });
});

describe('comparing with the running page', () => {
  beforeEach(() => {
    document.head.innerHTML = `
      <script type="module" src="/assets/index-CSqBYr6y.js"></script>
      <link rel="stylesheet" href="/assets/index-C4S4s_IL.css">
      <link rel="stylesheet" href="/assets/stores-page-9x.css">`;
  });
  const base = () => `${window.location.origin}/`;

  it('is the same version when every fetched entry file is loaded (lazy stylesheets do not matter)', () => {
    const fetched = parseEntryAssets(BUILT_INDEX, base());
    expect(isNewVersion(fetched, runningAssets(document))).toBe(false);
  });

  it('counts a stylesheet the server wrote into a drawn page as loaded', () => {
    document.head.innerHTML = `
      <script type="module" src="/assets/index-CSqBYr6y.js"></script>
      <style data-href="/assets/index-C4S4s_IL.css">body{margin:0}</style>`;
    expect(isNewVersion(parseEntryAssets(BUILT_INDEX, base()), runningAssets(document))).toBe(false);
    const newStyle = BUILT_INDEX.replace('index-C4S4s_IL.css', 'index-NEWhash2.css');
    expect(isNewVersion(parseEntryAssets(newStyle, base()), runningAssets(document))).toBe(true);
  });

  it('is a new version when the entry script or stylesheet name changed', () => {
    const newScript = BUILT_INDEX.replace('index-CSqBYr6y.js', 'index-NEWhash1.js');
    const newStyle = BUILT_INDEX.replace('index-C4S4s_IL.css', 'index-NEWhash2.css');
    expect(isNewVersion(parseEntryAssets(newScript, base()), runningAssets(document))).toBe(true);
    expect(isNewVersion(parseEntryAssets(newStyle, base()), runningAssets(document))).toBe(true);
  });

  it('is not news when the fetched page has no entry files', () => {
    expect(isNewVersion([], runningAssets(document))).toBe(false);
  });

  it('names the release after the entry script', () => {
    expect(releaseOf(document)).toBe('index-CSqBYr6y');
    document.head.innerHTML = '<script type="module" src="/src/main.tsx"></script>';
    expect(releaseOf(document)).toBe('');
  });
});

describe('the published release mark (版本发布)', () => {
  it('reads the mark the server writes and the one the page was served with', () => {
    expect(parseReleaseMark('<head><meta name="console-release" content="7"></head>')).toBe('7');
    expect(parseReleaseMark("<meta content='12' name=console-release>")).toBe('12');
    expect(parseReleaseMark(BUILT_INDEX)).toBeNull();
    document.head.innerHTML = '<meta name="console-release" content="7">';
    expect(runningReleaseMark(document)).toBe('7');
    document.head.innerHTML = '';
    expect(runningReleaseMark(document)).toBeNull();
  });

  it('is news when a later release was published since the page loaded, not an earlier one or none', () => {
    expect(isNewRelease('8', '7')).toBe(true);
    expect(isNewRelease('10', '9')).toBe(true);
    expect(isNewRelease('1', null)).toBe(true);
    expect(isNewRelease('7', '7')).toBe(false);
    // An instance that has not read the newest release yet.
    expect(isNewRelease('6', '7')).toBe(false);
    expect(isNewRelease(null, '7')).toBe(false);
    expect(isNewRelease('x', '7')).toBe(false);
  });
});
