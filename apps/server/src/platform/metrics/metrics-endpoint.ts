import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { AppInstance } from '../../app-types.js';
import { failure } from '../../http/envelope.js';
import { access } from '../../http/route.js';

/** The scrape path on the application port (with METRICS_TOKEN) and on the metrics port. */
export const METRICS_PATH = '/api/metrics';
export const METRICS_UNAUTHORIZED = '监控指标需要有效的令牌';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first, so the comparison
 * takes the same time whatever the given token's length and wherever it differs.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1];
  // Compared even when absent, so a missing header costs what a wrong one does.
  const same = timingSafeEqual(digest(given ?? ''), digest(token));
  return given !== undefined && same;
}

/**
 * `GET /api/metrics` on the application port: 404 as for any unknown path while no METRICS_TOKEN is set (the
 * endpoint does not exist), 401 without the token, the Prometheus text with it. Declared public: the token, not
 * a session, guards it (docs/deploy.md "Metrics").
 */
export function metricsRoute(app: AppInstance, registry: Registry | null, token: string | null): void {
  app.get(
    METRICS_PATH,
    {
      config: {
        access: access.public(
          'Prometheus scrapes it with METRICS_TOKEN as a bearer token; without a configured token it is a 404',
        ),
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!registry || !token) return reply.callNotFound();
      if (!bearerMatches(request.headers.authorization, token))
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send(failure('METRICS_UNAUTHORIZED', METRICS_UNAUTHORIZED));
      const text = await registry.metrics();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}

export type MetricsListener = { port: number; close(): Promise<void> };

/**
 * METRICS_PORT: a plain HTTP listener of its own serving only `GET /api/metrics` (and `/metrics`), for a scraper
 * on the private network; the public nginx never proxies to it. With METRICS_TOKEN set it asks for the token
 * too. Nothing else is reachable on it.
 */
export function listenMetrics(options: {
  registry: Registry;
  port: number;
  host: string;
  token: string | null;
}): Promise<MetricsListener> {
  const { registry, token } = options;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || (path !== METRICS_PATH && path !== '/metrics')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (token && !bearerMatches(request.headers.authorization, token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('failed\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
