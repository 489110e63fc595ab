import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** The CSP source for a configured URL (a Leaflet tile template included); null if none or not http(s). */
export function originOf(url: string): string | null {
  if (!url) return null;
  try {
    // Leaflet's `{s}` subdomain becomes a CSP wildcard; other placeholders sit in the path.
    const { protocol, host } = new URL(url.replace('{s}', 'subdomain-wildcard').replace(/\{[a-z]\}/g, '0'));
    if (protocol !== 'https:' && protocol !== 'http:') return null;
    return `${protocol}//${host.replace('subdomain-wildcard', '*')}`;
  } catch {
    return null;
  }
}

/** Third-party origins the configuration asks the browser to reach, per CSP directive. */
export function configuredOrigins(
  config: Pick<AppConfig, 'statsScriptUrl' | 'errorReportUrl' | 'mapTileUrl'>,
) {
  const present = (...origins: (string | null)[]) => origins.filter((o): o is string => o !== null);
  const stats = originOf(config.statsScriptUrl);
  return {
    // The statistics script sends its hits to its own host.
    script: present(stats),
    connect: present(stats, originOf(config.errorReportUrl)),
    img: present(originOf(config.mapTileUrl)),
  };
}

/** Security headers: CSP without inline scripts, no framing, no MIME sniffing, a strict referrer policy. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const extra = configuredOrigins(config);
  const headers = staticHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
        // antd's CSS-in-JS injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connect],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS is set at the TLS edge (docs/security.md): this server speaks plain HTTP behind it.
    hsts: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isJson(reply.getHeader('content-type')))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

/** API answers carry names, phones and addresses: no browser or proxy keeps them unless a route says so. */
function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}

/**
 * The headers helmet sets, worked out once: they depend only on the configuration, and building helmet's
 * middleware for every request (as @fastify/helmet does) cost a long poll more than its own handler.
 */
export function staticHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
