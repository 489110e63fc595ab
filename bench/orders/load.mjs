// A small keep-alive load loop: `connections` workers, each sending one request after another for `seconds`.
import http from 'node:http';

/** Answers latencies (ms, sorted), requests per second and non-2xx count. */
export async function runLoad({
  host,
  port,
  path,
  method = 'GET',
  headers = {},
  body,
  next,
  connections,
  seconds,
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  // `headers` may be a function, called per request (e.g. to spread a rate-limited call over many sessions).
  const headersOf = typeof headers === 'function' ? headers : () => headers;
  const allHeadersOf = (sent) =>
    sent
      ? { ...headersOf(), 'content-type': 'application/json', 'content-length': sent.length }
      : headersOf();
  const latencies = [];
  let errors = 0;
  // `next` (optional) makes each request: `{ path?, body? }` for this one, or null when there is nothing left
  // to send (e.g. every prepared document has been used), which ends the worker.
  const once = (request = {}) =>
    new Promise((resolve) => {
      const sent = request.body === undefined ? payload : Buffer.from(JSON.stringify(request.body));
      const started = performance.now();
      const outgoing = http.request(
        { host, port, path: request.path ?? path, method, headers: allHeadersOf(sent), agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (response.statusCode < 200 || response.statusCode >= 300) errors += 1;
            resolve();
          });
        },
      );
      outgoing.on('error', () => {
        errors += 1;
        resolve();
      });
      outgoing.end(sent);
    });
  const startedAt = performance.now();
  const until = startedAt + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const request = next ? next() : {};
        if (request === null) break;
        await once(request);
      }
    }),
  );
  const elapsed = (performance.now() - startedAt) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors,
  };
}
