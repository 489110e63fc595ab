/**
 * The entry files a page boots from: module scripts and stylesheets named in its HTML. Vite gives them
 * content-hashed names, so a deployment that changes anything changes at least one of them.
 */
const SCRIPT_TAG = /<script\b[^>]*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

function absolute(url: string, base: string): string | null {
  try {
    return new URL(url, base).href;
  } catch {
    return null;
  }
}

/** Entry script and stylesheet URLs of an index.html, absolute, in document order. */
export function parseEntryAssets(html: string, base: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(SCRIPT_TAG)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type')?.toLowerCase() === 'module') urls.push(src);
  }
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const href = attribute(tag, 'href');
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? [];
    if (href && rel.includes('stylesheet')) urls.push(href);
  }
  return urls.map((url) => absolute(url, base)).filter((url): url is string => url !== null);
}

/**
 * Every script and stylesheet the running page has loaded. Lazy chunks add stylesheets over time, so this
 * is a superset of the entry files; a fetched entry file missing from it means a new version. A stylesheet the
 * server wrote into the page (a page drawn at build time) names its file in `data-href`.
 */
export function runningAssets(doc: Document): Set<string> {
  const urls = new Set<string>();
  doc.querySelectorAll<HTMLScriptElement>('script[src]').forEach((script) => urls.add(script.src));
  doc
    .querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"][href]')
    .forEach((link) => urls.add(link.href));
  doc.querySelectorAll<HTMLStyleElement>('style[data-href]').forEach((style) => {
    const url = absolute(style.dataset.href ?? '', doc.baseURI);
    if (url) urls.add(url);
  });
  return urls;
}

/** True when the fetched index.html boots from a file this page never loaded. Unparsable HTML is not news. */
export function isNewVersion(fetchedEntryAssets: string[], running: Set<string>): boolean {
  return fetchedEntryAssets.some((url) => !running.has(url));
}

/** The running build's name for reports: the entry script's file name, e.g. `index-CSqBYr6y`; '' in dev. */
export function releaseOf(doc: Document): string {
  const entry = doc.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  const file = entry?.src.split('/').pop() ?? '';
  return file.replace(/\.js$/, '').slice(0, 64);
}

/** The meta the server writes into index.html with the latest published release (版本发布). */
const RELEASE_META = /<meta\b[^>]*\bname\s*=\s*["']?console-release["']?[^>]*>/i;

/** The published release an index.html names, or null when it names none. */
export function parseReleaseMark(html: string): string | null {
  const tag = RELEASE_META.exec(html)?.[0];
  return tag ? attribute(tag, 'content') : null;
}

/** The published release the running page was served with, or null. */
export function runningReleaseMark(doc: Document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="console-release"]')?.content ?? null;
}

/**
 * A release published since this page loaded (版本发布 publishes one) is news even when its files are the same:
 * the fetched index.html names a later release than the page was served with. Release ids only grow; an
 * instance that has not yet read the newest one (it learns it within a heartbeat) names an earlier one, which
 * is not news, and neither is a fetch without a mark.
 */
export function isNewRelease(fetched: string | null, running: string | null): boolean {
  const next = Number(fetched);
  if (fetched === null || !Number.isInteger(next)) return false;
  return running === null || next > Number(running);
}
