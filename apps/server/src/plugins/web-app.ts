import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { failure } from '../http/envelope.js';
import { access } from '../http/route.js';
import { compressedHtmlCache, preferredEncoding } from './compressed-html.js';

const API_PREFIXES = ['/auth', '/api', '/feo', '/ljYun', '/tec', '/dev', '/swagger'];
/** One year: the name changes whenever the content does. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const COMPRESSED_COPY = /\.(?:br|gz)$/;
/** Vite's output name `name-<8-character hash>.ext` (source maps: `.js.map`). */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+(?:\.map)?$/;
/** The console's own files: what a browser loads before anyone signs in. */
const WEB_APP = {
  config: { access: access.public('the console app itself: static files and its runtime config, no data') },
  schema: { hide: true },
};
const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Runtime configuration the web app reads before it starts (no inline script: the CSP forbids it). */
export function webRuntimeConfig(config: AppConfig) {
  return {
    businessHost: config.businessHost,
    aiSiteUrl: config.aiSiteUrl,
    tokenAllowHosts: config.tokenAllowHosts,
    demoMode: config.demoMode,
    mapTileUrl: config.mapTileUrl,
    statsScriptUrl: config.statsScriptUrl,
    errorReportUrl: config.errorReportUrl,
    versionPollMs: config.versionPollMs,
    supportPhone: config.supportPhone,
  };
}

/** What the build's route-preloads step writes (apps/web/route-preloads.ts): URL path → that page's chunks. */
type RoutePreloads = Record<string, { modules?: unknown; styles?: unknown }>;
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const PRERENDER_FILE = 'prerender.json';
const EMPTY_ROOT = '<div id="root"></div>';
const ASSET_URL = /^\/assets\/[\w.-]+$/;

/**
 * The `<link>` tags that let a page opened directly at its path download its lazy chunks beside the entry, read
 * once at start from the build's route-preloads.json; a file missing or not what the build writes gives none.
 * A path in `drawn` (a prerendered page) has its stylesheets written into the page instead (`inlineStylesheet`):
 * the markup in the HTML needs them for its first paint, and a phone would wait a round trip for each.
 */
export function routePreloadLinks(
  dist: string,
  drawn: ReadonlySet<string> = new Set(),
): ReadonlyMap<string, string> {
  const preloads = readBuildJson(dist, ROUTE_PRELOADS_FILE) as RoutePreloads | null;
  if (!preloads) return new Map();
  const urls = (value: unknown) =>
    Array.isArray(value)
      ? value.filter((url): url is string => typeof url === 'string' && ASSET_URL.test(url))
      : [];
  return new Map(
    Object.entries(preloads).map(([route, { modules, styles }]) => [
      route,
      [
        // Behind the entry: the page's chunks must not slow the script that paints first.
        ...urls(modules).map(
          (url) =>
            `<link rel="modulepreload" crossorigin href="${url}"${drawn.has(route) ? '' : ' fetchpriority="low"'}>`,
        ),
        ...urls(styles).map((url) =>
          drawn.has(route)
            ? inlineStylesheet(dist, url)
            : `<link rel="preload" as="style" crossorigin href="${url}">`,
        ),
      ].join(''),
    ]),
  );
}

/** A page the build drew (apps/web/prerender.ts): its styles for the head, its markup for `#root`. */
export interface DrawnPage {
  style: string;
  markup: string;
}

/**
 * The pages drawn at build time, read once at start from prerender.json, in the variant matching the runtime
 * config the server sends (the demo banner or not). A file missing or not what the build writes gives none:
 * the page is then drawn by the client alone, as every other page is.
 */
export function prerenderedPages(dist: string, demoMode: boolean): ReadonlyMap<string, DrawnPage> {
  const pages = readBuildJson(dist, PRERENDER_FILE);
  if (!pages || typeof pages !== 'object') return new Map();
  const drawn = new Map<string, DrawnPage>();
  for (const [route, variants] of Object.entries(pages as Record<string, unknown>)) {
    const page = (variants as Record<string, unknown> | null)?.[demoMode ? 'demo' : 'standard'] as
      { html?: unknown; css?: unknown } | undefined;
    if (typeof page?.html !== 'string' || typeof page.css !== 'string') continue;
    drawn.set(route, { style: styleElement(page.css), markup: page.html });
  }
  return drawn;
}

/** A built stylesheet as a `<style>` element, or its `<link>` when the file cannot be read. */
export function inlineStylesheet(dist: string, url: string): string {
  try {
    return styleElement(readFileSync(path.join(dist, url), 'utf8'), url);
  } catch {
    return `<link rel="stylesheet" crossorigin href="${url}">`;
  }
}

/**
 * `</` cannot end the style element early: `\/` is the same character to CSS. `data-href` names the file a
 * written-in stylesheet came from: the web's version check counts it as loaded (lib/version-check).
 */
const styleElement = (css: string, href?: string) =>
  `<style${href ? ` data-href="${href}"` : ''}>${css.replaceAll('</', '<\\/')}</style>`;

/** index.html with the entry's stylesheets written in (a drawn page paints without fetching them). */
export function withInlineStylesheets(html: string, dist: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g,
    (_link, url: string) => inlineStylesheet(dist, url),
  );
}

function readBuildJson(dist: string, name: string): unknown {
  const file = path.join(dist, name);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The release meta of index.html: the web's version check reloads a console served with an older one. */
export function releaseMeta(release: number | null): string {
  return release === null ? '' : `<meta name="console-release" content="${release}">`;
}

/**
 * Vite's hashed build output never changes under its name, so only it may be cached for a year; anything else
 * (favicon, sounds, an unhashed file someone put under assets/) is revalidated.
 */
export function isHashedAsset(dist: string, filePath: string): boolean {
  const relative = path.relative(path.join(dist, 'assets'), filePath);
  // A precompressed copy (`x.js.br`) is sent for `x.js`, under that name.
  const name = path.basename(filePath).replace(COMPRESSED_COPY, '');
  return !relative.startsWith('..') && !path.isAbsolute(relative) && HASHED_NAME.test(name);
}

/**
 * Serves the built console; any unknown GET outside the API answers index.html so deep links reload.
 * `currentRelease` names the latest published release (版本发布), written into every index.html sent.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: AppConfig,
  currentRelease: () => number | null = () => null,
): Promise<void> {
  const dist = config.webDist ?? defaultDist;
  const indexFile = path.join(dist, 'index.html');
  const hasWeb = existsSync(indexFile);
  const configScript = `window.__APP_CONFIG__ = ${JSON.stringify(webRuntimeConfig(config))};`;

  app.get('/app-config.js', WEB_APP, (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(configScript);
  });

  if (hasWeb) {
    const [head, tail] = readFileSync(indexFile, 'utf8').split('<!--APP_CONFIG-->');
    const drawnPages = prerenderedPages(dist, config.demoMode);
    const preloadLinks = routePreloadLinks(dist, new Set(drawnPages.keys()));
    // `defer`: it still runs before the entry module (deferred and module scripts run in document order) but
    // no longer holds up parsing of the page behind it.
    // Vite writes the entry's stylesheet link after the config marker.
    const drawnTail = drawnPages.size > 0 ? withInlineStylesheets(tail ?? '', dist) : '';
    const indexHtml = (pathname: string) => {
      if (tail === undefined) return head ?? '';
      const drawn = drawnPages.get(pathname);
      const body = drawn ? drawnTail.replace(EMPTY_ROOT, `<div id="root">${drawn.markup}</div>`) : tail;
      return `${head}<script defer src="/app-config.js"></script>${releaseMeta(currentRelease())}${
        preloadLinks.get(pathname) ?? ''
      }${drawn?.style ?? ''}${body}`;
    };
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: false,
      cacheControl: false,
      // The build writes brotli and gzip copies beside each text file (apps/web/precompress.ts): sent as they
      // are to browsers that accept them, never compressed per request.
      preCompressed: true,
      // index.html is only ever sent with the runtime config script filled in (below); the compressed copies
      // are reached through their file's own URL.
      allowedPath: (pathname) =>
        pathname !== '/index.html' &&
        pathname !== `/${ROUTE_PRELOADS_FILE}` &&
        pathname !== `/${PRERENDER_FILE}` &&
        !COMPRESSED_COPY.test(pathname),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(dist, filePath) ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
    const compressed = compressedHtmlCache();
    const sendIndex = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      // Only paths with preloads or a drawn page differ from the plain index.html every other path gets.
      const shape = drawnPages.has(pathname) || preloadLinks.has(pathname) ? pathname : '';
      const body = compressed(shape, String(currentRelease()), () => indexHtml(pathname), encoding);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(body);
    };
    app.get('/', WEB_APP, (request, reply) => sendIndex(request, reply, '/'));
    // A catch-all route rather than a second not-found handler: the error handler owns that one, and Fastify
    // refuses to set it twice. Static files and API routes are more specific, so they still win.
    app.get('/*', WEB_APP, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isApi = API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
      if (!isApi && !path.extname(pathname)) return sendIndex(request, reply, pathname);
      return reply.code(404).send(failure('NOT_FOUND', '接口不存在，请联系管理员！'));
    });
  }
}
