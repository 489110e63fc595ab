import { endpoint, noInput, SERVICE_TOKEN_HEADER, storeCodeSchema } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppInstance } from '../app-types.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { shopGroups, stores, userStores } from '../db/schema.js';
import { createOutboxSmsProvider } from '../platform/sms.js';
import { bearer, createUser, signIn } from '../test/fixtures.js';
import { createTestApp, createTestClock, type TestApp } from '../test/test-app.js';
import { openTestDatabase } from '../test/test-database.js';
import { access, ANY_STAFF, route } from './route.js';

/** Throwaway endpoints, one per access kind, registered in the guarded API scope of a test build. */
const probe = (name: string, request: z.ZodType = noInput) =>
  endpoint({
    method: 'POST',
    path: `/api/test-access/${name}`,
    request,
    response: z.object({ reached: z.literal(true), store: z.string().nullable() }),
    summary: `access probe: ${name}`,
  });
const probes = {
  public: probe('public'),
  signedIn: probe('signed-in'),
  store: probe('store', z.object({ storeCode: storeCodeSchema.optional() })),
  storeButton: probe('store-button', z.object({ storeCode: storeCodeSchema.optional() })),
  headOffice: probe('head-office'),
  service: probe('service'),
};

function probeRoutes(api: AppInstance): void {
  const reached = (store: string | null = null) => ({ reached: true as const, store });
  route(api, probes.public, access.public('test probe'), () => reached());
  route(api, probes.signedIn, access.signedIn(), () => reached());
  route(api, probes.store, access.store(ANY_STAFF), ({ store }) => reached(store().shopCode));
  route(api, probes.storeButton, access.store('probe:press'), ({ store }) => reached(store().shopCode));
  route(api, probes.headOffice, access.headOffice(ANY_STAFF), () => reached());
  route(api, probes.service, access.service(), () => reached());
}

let t: TestApp;
let clerk: string;
let presser: string;
let headOffice: string;

const call = (
  target: { path: string },
  options: { token?: string; body?: object; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: target.path,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    payload: options.body ?? {},
  });

beforeAll(async () => {
  t = await createTestApp({}, { build: { extraRoutes: probeRoutes } });
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '测试区' }).returning();
  const [own] = await t.db
    .insert(stores)
    .values([
      { shopCode: 'AC01', shopName: 'AC01店', businessScopeName: '测试', shopGroupId: group!.id },
      { shopCode: 'AC02', shopName: 'AC02店', businessScopeName: '测试', shopGroupId: group!.id },
    ])
    .returning({ id: stores.id });
  const clerkUser = await createUser(t.db);
  const presserUser = await createUser(t.db, { roles: ['probe:press'] });
  const headOfficeUser = await createUser(t.db, { roles: ['head_office'] });
  await t.db.insert(userStores).values([
    { userId: clerkUser.id, storeId: own!.id },
    { userId: presserUser.id, storeId: own!.id },
  ]);
  clerk = await signIn(t.app, clerkUser);
  presser = await signIn(t.app, presserUser);
  headOffice = await signIn(t.app, headOfficeUser);
});
afterAll(() => t.close());

describe('deny by default', () => {
  it('refuses to build an app with an API route that declares no access rule', async () => {
    const handle = await openTestDatabase();
    try {
      const deps = {
        config: testConfig(),
        db: handle.db,
        dbKind: handle.kind,
        clock: createTestClock(),
        sms: createOutboxSmsProvider(handle.db),
        redis: null,
      };
      const build = buildApp(deps, {
        extraRoutes: (api) => {
          api.get('/api/test-access/forgotten', async () => ({ result: 0 }));
        },
      });
      await expect(build).rejects.toThrow(/GET \/api\/test-access\/forgotten declares no access rule/);
    } finally {
      await handle.close();
    }
  });

  it('lists every guarded route in the OpenAPI document with its schemas', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json<{
      paths: Record<string, Record<string, { summary?: string; responses?: Record<string, unknown> }>>;
    }>();
    for (const path of ['/auth/ljyPwdLogin', '/api/im/listener', '/feo/shopInfo/detail', '/api/health']) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) {
        expect(operation.summary, path).toBeTruthy();
        expect(operation.responses?.['200'], path).toBeTruthy();
      }
    }
    expect(document.paths['/api/test-access/store']?.post?.summary).toBe('access probe: store');
  });
});

describe('access.public', () => {
  it('is reachable without a token', async () => {
    const response = await call(probes.public);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ result: 0, data: { reached: true } });
  });
});

describe('access.signedIn', () => {
  it('answers 401 without a token or with a bad one, 200 with a session', async () => {
    expect((await call(probes.signedIn)).statusCode).toBe(401);
    expect((await call(probes.signedIn, { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await call(probes.signedIn, { token: clerk })).statusCode).toBe(200);
  });
});

describe('access.store', () => {
  it('answers 401 before anything else without a token', async () => {
    expect((await call(probes.store, { body: { storeCode: 'AC01' } })).statusCode).toBe(401);
  });

  it('answers 400 without a store code', async () => {
    const response = await call(probes.store, { token: clerk });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'STORE_CODE_MISSING', errorMsg: '缺少门店编号' });
  });

  it('answers 403 for a store the caller is not authorised for, and for an unknown one', async () => {
    for (const storeCode of ['AC02', 'ZZ99']) {
      const response = await call(probes.store, { token: clerk, body: { storeCode } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'STORE_FORBIDDEN' });
    }
    // Head office is no exception: no stores is never "all".
    expect((await call(probes.store, { token: headOffice, body: { storeCode: 'AC01' } })).statusCode).toBe(
      403,
    );
  });

  it('takes the store from the body or the X-Store-Code header', async () => {
    const fromBody = await call(probes.store, { token: clerk, body: { storeCode: 'AC01' } });
    expect(fromBody.json()).toMatchObject({ data: { store: 'AC01' } });
    const fromHeader = await call(probes.store, { token: clerk, headers: { 'x-store-code': 'AC01' } });
    expect(fromHeader.json()).toMatchObject({ data: { store: 'AC01' } });
  });

  it('answers 403 without the button permission, 200 with it', async () => {
    const refused = await call(probes.storeButton, { token: clerk, body: { storeCode: 'AC01' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'PERMISSION_DENIED' });
    const allowed = await call(probes.storeButton, { token: presser, body: { storeCode: 'AC01' } });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('access.headOffice', () => {
  it('answers 401 without a token, 403 for store staff, 200 for head office', async () => {
    expect((await call(probes.headOffice)).statusCode).toBe(401);
    const refused = await call(probes.headOffice, { token: clerk });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'HEAD_OFFICE_ONLY' });
    expect((await call(probes.headOffice, { token: headOffice })).statusCode).toBe(200);
  });
});

describe('access.service', () => {
  it('answers 401 without the service token, with a wrong one and with a user session', async () => {
    const refused: Record<string, string>[] = [{}, { [SERVICE_TOKEN_HEADER]: 'wrong' }, bearer(headOffice)];
    for (const headers of refused) {
      const response = await call(probes.service, { headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'SERVICE_TOKEN_INVALID' });
    }
  });

  it('answers 200 with the service token', async () => {
    const headers = { [SERVICE_TOKEN_HEADER]: t.deps.config.serviceToken };
    expect((await call(probes.service, { headers })).statusCode).toBe(200);
  });
});
