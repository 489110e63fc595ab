import { AUTH_PATHS } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

const CHINESE = /[\u4e00-\u9fa5]/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every POST route of spec 7.2, public and signed-in. */
const POST_ROUTES = [
  AUTH_PATHS.passwordLogin,
  AUTH_PATHS.codeLogin,
  AUTH_PATHS.sendCode,
  AUTH_PATHS.resetSendCode,
  AUTH_PATHS.resetVerifyCode,
  AUTH_PATHS.resetPassword,
];

const raw = (url: string, contentType: string, payload: string | Buffer) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType },
    payload,
    remoteAddress: nextIp(),
  });

describe('request bodies', () => {
  it.each(POST_ROUTES)('%s answers 413 to a body over 64 KiB', async (url) => {
    const response = await raw(url, 'application/json', JSON.stringify({ phone: 'x'.repeat(64 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ result: 1, errorMsg: '请求内容过大' });
  });

  it.each(POST_ROUTES)('%s answers 415 to text/plain and to form posts', async (url) => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await raw(url, contentType, 'phone=13800138000');
      expect(response.statusCode).toBe(415);
      expect(response.json().errorMsg).toBe('不支持的请求内容类型，请使用 application/json');
    }
  });

  it.each(POST_ROUTES)('%s answers 400 to invalid JSON', async (url) => {
    const response = await raw(url, 'application/json', '{"phone": "1380013');
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMsg).toBe('请求内容不是有效的 JSON');
  });

  it.each(POST_ROUTES)('%s answers 400 to prototype poisoning', async (url) => {
    for (const payload of [
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"a":{"__proto__":{"admin":true}}}',
    ]) {
      const response = await raw(url, 'application/json', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errorMsg).toMatch(CHINESE);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each(POST_ROUTES)(
    '%s answers a Chinese 400 to missing fields, wrong types, arrays, null and an empty body',
    async (url) => {
      for (const payload of [
        '{}',
        '{"phone":1,"code":true,"username":[],"password":{},"ticket":null}',
        '[]',
        'null',
        '"x"',
      ]) {
        const response = await raw(url, 'application/json', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          result: 1,
          data: null,
          errorMsg: expect.stringMatching(CHINESE),
        });
      }
      const empty = await raw(url, 'application/json', '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errorMsg).toBe('请求内容不能为空');
      const none = await t.app.inject({ method: 'POST', url, remoteAddress: nextIp() });
      expect(none.statusCode).toBe(400);
      expect(none.json().errorMsg).toMatch(CHINESE);
    },
  );

  it('ignores unknown properties', async () => {
    const response = await raw(
      AUTH_PATHS.sendCode,
      'application/json',
      JSON.stringify({ phone: '13800138000', isAdmin: true }),
    );
    expect(response.statusCode).toBe(200);
  });

  it('accepts a charset-qualified JSON content type', async () => {
    const response = await raw(
      AUTH_PATHS.sendCode,
      'application/json; charset=utf-8',
      JSON.stringify({ phone: '13800138001' }),
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('signed-in routes', () => {
  const signedIn = [
    ['GET', AUTH_PATHS.info],
    ['DELETE', AUTH_PATHS.logout],
    ['POST', AUTH_PATHS.passwordStatus],
    ['GET', AUTH_PATHS.menus],
    ['GET', AUTH_PATHS.cloudRoles],
  ] as const;

  it.each(signedIn)('%s %s answers 401 with a Chinese message without a session', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ result: 1, errorCode: 'UNAUTHORIZED', errorMsg: '请先登录' });
  });
});

describe('headers', () => {
  it.each([
    ['an API answer', AUTH_PATHS.captcha],
    ['an error', AUTH_PATHS.info],
    ['an unknown path', '/api/does-not-exist'],
  ])('sets the security headers on %s', async (_case, url) => {
    const response = await t.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers an unknown API path with the Chinese 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      result: 1,
      data: null,
      errorCode: 'NOT_FOUND',
      errorMsg: '接口不存在，请联系管理员！',
    });
  });
});

describe('per-address request ceiling', () => {
  it('answers 429 with Retry-After past 60 captcha requests a minute from one address', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: ip })).statusCode,
      );
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await t.app.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      result: 1,
      errorCode: 'TOO_MANY_REQUESTS',
      errorMsg: '请求过于频繁，请稍后再试',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are not affected.
    expect(
      (await t.app.inject({ method: 'GET', url: AUTH_PATHS.captcha, remoteAddress: nextIp() })).statusCode,
    ).toBe(200);
  });
});

describe('GET /swagger/json', () => {
  it('documents every path of spec 7.2 with a summary and tags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    };
    const expected = {
      [AUTH_PATHS.passwordLogin]: 'post',
      [AUTH_PATHS.codeLogin]: 'post',
      [AUTH_PATHS.passwordStatus]: 'post',
      [AUTH_PATHS.resetSendCode]: 'post',
      [AUTH_PATHS.resetVerifyCode]: 'post',
      [AUTH_PATHS.resetPassword]: 'post',
      [AUTH_PATHS.sendCode]: 'post',
      [AUTH_PATHS.info]: 'get',
      [AUTH_PATHS.captcha]: 'get',
      [AUTH_PATHS.logout]: 'delete',
      [AUTH_PATHS.menus]: 'get',
      [AUTH_PATHS.cloudRoles]: 'get',
    };
    for (const [path, method] of Object.entries(expected)) {
      const operation = paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(operation!.summary).toBeTruthy();
      expect(operation!.tags?.length).toBeGreaterThan(0);
    }
  });
});
