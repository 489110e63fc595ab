import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import type { AppMetrics } from './app-metrics.js';

/** The route label of a request no route matched (404s of unknown paths): one label, whatever the URL was. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * The route label of the web app's built files: @fastify/static registers one route per file (about a thousand
 * with the compressed copies), the only routes that declare no access rule (every other route must: http/route.ts).
 */
export const STATIC_ROUTE = 'static';

type OnResponse = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The hooks this file added, so a route copied from another (Fastify's HEAD twin of a GET) is not hooked twice. */
const ours = new WeakSet<OnResponse>();

/**
 * Counts and times every answered request by its route pattern. Each route gets its own onResponse hook (added
 * as the route is registered) that closes over the route's recorder: a request never builds or looks up a route
 * label, and the raw URL with its ids never becomes one. Requests no route matched go to one `unmatched` label,
 * so random URLs cannot grow the label set, and the web app's static files to one `static` label. Call before
 * any route is registered.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  const unmatched = metrics.requests(UNMATCHED_ROUTE);
  if (!unmatched) return;

  app.addHook('onRoute', (route: RouteOptions) => {
    const existing = route.onResponse ? [route.onResponse].flat() : [];
    if (existing.some((hook) => ours.has(hook as OnResponse))) return;
    const record = metrics.requests(route.config?.access ? route.url : STATIC_ROUTE)!;
    const hook: OnResponse = (request, reply, done) => {
      record(request.method, reply.statusCode, reply.elapsedTime);
      done();
    };
    ours.add(hook);
    route.onResponse = [...existing, hook] as RouteOptions['onResponse'];
  });

  // Root hooks reach the not-found handler too; on a matched route this returns at once (its own hook counts).
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
}
