// Runs one prerender bundle (apps/web/prerender.ts) in a browser-like global scope and prints its page as JSON.
// A process of its own per variant: the app's modules read `window.__APP_CONFIG__` once, when first imported.
// Usage: node prerender-runner.mjs <bundle.mjs> <url> <runtime config JSON>
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';

const [bundle, url, config] = process.argv.slice(2);
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url });
const { window } = dom;
window.__APP_CONFIG__ = JSON.parse(config);
// jsdom has no media queries: the page is drawn for a wide screen with motion allowed, as the client's defaults.
window.matchMedia = (query) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
});
for (const name of [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'matchMedia',
]) {
  Object.defineProperty(globalThis, name, {
    value: name === 'window' ? window : window[name],
    configurable: true,
  });
}
for (const name of [
  'HTMLElement',
  'Element',
  'Node',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  if (!(name in globalThis)) globalThis[name] = window[name];
}

const { render } = await import(pathToFileURL(bundle).href);
process.stdout.write(JSON.stringify(render()));
