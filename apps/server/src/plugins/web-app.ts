import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.js';
import { failure } from '../http/envelope.js';
import { access } from '../http/route.js';

const API_PREFIXES = ['/auth', '/api', '/feo', '/ljYun', '/tec', '/dev', '/swagger'];
/** One year: the name changes whenever the content does. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const COMPRESSED_COPY = /\.(?:br|gz)$/;
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

/** The release meta of index.html: the web's version check reloads a console served with an older one. */
export function releaseMeta(release: number | null): string {
  return release === null ? '' : `<meta name="console-release" content="${release}">`;
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
    const indexHtml = () =>
      tail === undefined
        ? (head ?? '')
        : `${head}<script src="/app-config.js"></script>${releaseMeta(currentRelease())}${tail}`;
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
      allowedPath: (pathname) => pathname !== '/index.html' && !COMPRESSED_COPY.test(pathname),
      // Vite's hashed files never change under their name; anything else (favicon…) is revalidated.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(dist, 'assets') + path.sep);
        reply.header('cache-control', hashed ? IMMUTABLE_CACHE : 'no-cache');
      },
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml());
    app.get('/', WEB_APP, (_request, reply) => sendIndex(reply));
    // A catch-all route rather than a second not-found handler: the error handler owns that one, and Fastify
    // refuses to set it twice. Static files and API routes are more specific, so they still win.
    app.get('/*', WEB_APP, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      const isApi = API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
      if (!isApi && !path.extname(pathname)) return sendIndex(reply);
      return reply.code(404).send(failure('NOT_FOUND', '接口不存在，请联系管理员！'));
    });
  }
}
