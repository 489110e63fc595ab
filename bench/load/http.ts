// The load generator's HTTP: node:http with kept-alive connections (as a browser keeps them to nginx), each
// request sent from a given loopback address, so that every store signs in from an address of its own and the
// per-IP limits see a chain's many stores rather than one client.
import http from 'node:http';

const newAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });
let agent = newAgent();

export type Answer<T = unknown> = { status: number; body: T | null; ms: number };

export type Request = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  localAddress: string;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/** Sends one request to `base` (http://host:port); rejects only when the connection fails or is aborted. */
export function send<T>(base: URL, request: Request): Promise<Answer<T>> {
  const started = performance.now();
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        agent,
        localAddress: request.localAddress,
        signal: request.signal,
        timeout: request.timeoutMs ?? 90_000,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...request.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: T | null = null;
          try {
            body = text ? (JSON.parse(text) as T) : null;
          } catch {
            body = null;
          }
          resolve({ status: response.statusCode ?? 0, body, ms: performance.now() - started });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Closes the kept-alive connections (between configurations, so none reaches an nginx that is gone). */
export function closeConnections() {
  agent.destroy();
  agent = newAgent();
}
