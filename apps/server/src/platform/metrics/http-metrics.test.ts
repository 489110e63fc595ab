import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { access } from '../../http/route.js';
import { createAppMetrics } from './app-metrics.js';
import { labelValues, sampleOf } from './exposition-text.js';
import { registerHttpMetrics } from './http-metrics.js';

const PUBLIC = { config: { access: access.public('test route') } };

async function appWithMetrics() {
  const metrics = createAppMetrics({ dbKind: 'pglite', defaultMetrics: false });
  const app = Fastify();
  registerHttpMetrics(app, metrics);
  app.get('/api/things/:id', PUBLIC, async () => ({ ok: true }));
  app.post('/api/things', PUBLIC, async (_request, reply) => reply.code(201).send({ ok: true }));
  // What @fastify/static registers for each built file: a route without an access rule.
  app.get('/assets/index-1a2b3c.js', async () => 'code');
  app.get('/assets/vendor-4d5e6f.js', async () => 'code');
  await app.ready();
  return { app, text: () => metrics.registry!.metrics() };
}

const count = (text: string, labels: Record<string, string>) =>
  sampleOf(text, 'console_http_requests_total', labels);

describe('request metrics', () => {
  it('labels a request with its route pattern, and a HEAD of a GET route once', async () => {
    const { app, text } = await appWithMetrics();
    for (const id of [1, 22, 333]) await app.inject({ method: 'GET', url: `/api/things/${id}` });
    await app.inject({ method: 'HEAD', url: '/api/things/4' });
    await app.inject({ method: 'POST', url: '/api/things', payload: {} });
    const body = await text();
    expect(count(body, { route: '/api/things/:id', method: 'GET', status: '2xx' })).toBe(3);
    expect(count(body, { route: '/api/things/:id', method: 'HEAD', status: '2xx' })).toBe(1);
    expect(count(body, { route: '/api/things', method: 'POST', status: '2xx' })).toBe(1);
    expect(body).not.toContain('/api/things/22');
    await app.close();
  });

  it('puts every built file under one static label and every unknown path under one unmatched label', async () => {
    const { app, text } = await appWithMetrics();
    await app.inject({ method: 'GET', url: '/assets/index-1a2b3c.js' });
    await app.inject({ method: 'GET', url: '/assets/vendor-4d5e6f.js' });
    for (let i = 0; i < 20; i += 1) await app.inject({ method: 'GET', url: `/nowhere/${i}` });
    const body = await text();
    expect(count(body, { route: 'static', method: 'GET', status: '2xx' })).toBe(2);
    expect(count(body, { route: 'unmatched', method: 'GET', status: '4xx' })).toBe(20);
    expect(labelValues(body, 'console_http_requests_total', 'route')).toEqual(
      new Set(['static', 'unmatched']),
    );
    await app.close();
  });
});
