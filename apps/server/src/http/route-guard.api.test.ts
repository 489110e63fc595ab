import Fastify from 'fastify';
import { endpoint } from '@console/contract';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { AppInstance } from '../app-types.js';
import { access, guardRoutes, route } from './route.js';

const ping = endpoint({
  method: 'GET',
  path: '/api/ping',
  request: z.object({}),
  response: z.object({ pong: z.boolean() }),
  summary: 'probe',
});

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app as unknown as AppInstance;
}

describe('guardRoutes (deny by default)', () => {
  it('refuses to start when a route declares no access rule', async () => {
    const app = bareApp();
    const registering = app.register(async (scope) => {
      guardRoutes(scope as unknown as AppInstance);
      scope.get('/api/forgotten', async () => ({ ok: true }));
    });
    await expect(registering).rejects.toThrow('GET /api/forgotten declares no access rule');
  });

  it('starts, and serves in the envelope, when every route declares one', async () => {
    const app = bareApp();
    await app.register(async (scope) => {
      const api = scope as unknown as AppInstance;
      guardRoutes(api);
      route(api, ping, access.public('a probe with nothing to protect'), () => ({ pong: true }));
    });
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ result: 0, data: { pong: true } });
    await app.close();
  });
});
