import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../test/server-process.js';
import { createAppMetrics } from './app-metrics.js';
import { sampleOf } from './exposition-text.js';
import { bearerMatches, listenMetrics, type MetricsListener } from './metrics-endpoint.js';

const TOKEN = 'a-metrics-token-of-thirty-two-chars-or-more';

describe('bearerMatches', () => {
  it('accepts only `Bearer <the token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer   ${TOKEN} `, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      '',
      TOKEN,
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      'Bearer ',
    ])
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
  });
});

let listener: MetricsListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

describe('the metrics port', () => {
  it('serves only GET /api/metrics and /metrics, asking for the token when one is set', async () => {
    const metrics = createAppMetrics({ dbKind: 'pglite', defaultMetrics: false });
    metrics.heldPolls(() => 7);
    listener = await listenMetrics({
      registry: metrics.registry!,
      port: await findFreePort(),
      host: '127.0.0.1',
      token: TOKEN,
    });
    const base = `http://127.0.0.1:${listener.port}`;
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${base}/api/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/api/metrics`, { headers: { authorization: 'Bearer nope' } })).status).toBe(
      401,
    );
    expect((await fetch(`${base}/api/health`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${base}/api/metrics`, { method: 'POST', headers: auth })).status).toBe(404);
    for (const path of ['/api/metrics', '/metrics?x=1']) {
      const response = await fetch(`${base}${path}`, { headers: auth });
      expect(response.status).toBe(200);
      expect(sampleOf(await response.text(), 'console_im_polls_held')).toBe(7);
    }
  });

  it('answers without a token when none is configured (a private listener)', async () => {
    const metrics = createAppMetrics({ dbKind: 'postgres', defaultMetrics: false });
    listener = await listenMetrics({
      registry: metrics.registry!,
      port: await findFreePort(),
      host: '127.0.0.1',
      token: null,
    });
    const response = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    expect(response.status).toBe(200);
    expect(sampleOf(await response.text(), 'console_db_info', { kind: 'postgres' })).toBe(1);
  });
});
