import helmet from '@fastify/helmet';
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
  await app.register(helmet, {
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
