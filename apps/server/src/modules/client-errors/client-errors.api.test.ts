import { AUTH_PATHS, CLIENT_ERROR_PATHS } from '@console/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorReports } from '../../db/schema.js';
import { bearer, createUser, nextIp, signIn, type TestUser } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let alice: TestUser;
let aliceToken: string;

const CHINESE = /[\u4e00-\u9fa5]/;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t.db);
  aliceToken = await signIn(t.app, alice);
});

afterAll(async () => {
  await t?.close();
});

let sequence = 0;
/** A report with a message no other test uses, so its row can be found. */
function report(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    kind: 'error',
    message: `TypeError: x is undefined #${sequence}-${Date.now()}`,
    stack: 'TypeError: x is undefined\n    at render (index-abc.js:1:2)',
    pageUrl: 'https://console.example.com/stores/detail?id=1',
    release: 'index-CSqBYr6y',
    storeCode: 'S001',
    ...overrides,
  };
}

function post(
  payload: unknown,
  options: { headers?: Record<string, string>; ip?: string; contentType?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: CLIENT_ERROR_PATHS.report,
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'user-agent': 'Mozilla/5.0 (test)',
      ...options.headers,
    },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function rowFor(message: string) {
  const [row] = await t.db
    .select()
    .from(clientErrorReports)
    .where(eq(clientErrorReports.message, message))
    .orderBy(desc(clientErrorReports.id));
  return row;
}

describe('POST /api/client-errors', () => {
  it('stores a report of a signed-in user, with the user from the token', async () => {
    const body = report();
    const response = await post(body, { headers: bearer(aliceToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 0, data: null, errorMsg: null, errorCode: null });
    const row = await rowFor(body.message);
    expect(row).toMatchObject({
      userId: alice.id,
      storeCode: 'S001',
      kind: 'error',
      stack: body.stack,
      pageUrl: body.pageUrl,
      release: 'index-CSqBYr6y',
      userAgent: 'Mozilla/5.0 (test)',
    });
  });

  it('accepts an anonymous report (a crash on the login page matters)', async () => {
    const body = report({ storeCode: undefined, kind: 'render' });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    expect(await rowFor(body.message)).toMatchObject({ userId: null, storeCode: null, kind: 'render' });
  });

  it('accepts text/plain JSON, as navigator.sendBeacon posts it, and reads the token cookie', async () => {
    const body = report({ kind: 'rejection' });
    const response = await post(JSON.stringify(body), {
      contentType: 'text/plain;charset=UTF-8',
      headers: { cookie: `sidebarStatus=1; EL-ADMIN-TOEKN=${aliceToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(await rowFor(body.message)).toMatchObject({ userId: alice.id, kind: 'rejection' });
  });

  it('never takes the user from the body', async () => {
    const anonymous = report({ userId: alice.id });
    expect((await post(anonymous)).statusCode).toBe(200);
    expect((await rowFor(anonymous.message))?.userId).toBeNull();

    const claimed = report({ userId: 999_999 });
    expect((await post(claimed, { headers: bearer(aliceToken) })).statusCode).toBe(200);
    expect((await rowFor(claimed.message))?.userId).toBe(alice.id);
  });

  it('stores an unknown or malformed token as anonymous instead of failing', async () => {
    const body = report();
    const response = await post(body, { headers: bearer('not-a-real-token') });
    expect(response.statusCode).toBe(200);
    expect((await rowFor(body.message))?.userId).toBeNull();
  });

  it.each([
    ['a missing message', { message: undefined }, '缺少错误信息'],
    ['an empty message', { message: '   ' }, '缺少错误信息'],
    ['an unknown kind', { kind: 'panic' }, '错误类型不正确'],
    ['a malformed store code', { storeCode: '门店 1' }, '门店编号格式不正确'],
    ['an over-long message', { message: 'x'.repeat(1001) }, '错误信息不能超过1000个字符'],
    ['an over-long stack', { stack: 'x'.repeat(8001) }, '错误堆栈不能超过8000个字符'],
    ['an over-long page URL', { pageUrl: 'x'.repeat(1001) }, '页面地址不能超过1000个字符'],
    ['a non-string stack', { stack: 42 }, '错误堆栈格式不正确'],
  ])('refuses %s with a Chinese 400', async (_name, overrides, message) => {
    const response = await post(report(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: 1, errorMsg: message });
  });

  it('refuses text that is not JSON, and other content types, in Chinese', async () => {
    const garbled = await post('{"kind": "error",', { contentType: 'text/plain' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json<{ errorMsg: string }>().errorMsg).toBe('错误报告不是有效的 JSON');

    const form = await post('kind=error', { contentType: 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json<{ errorMsg: string }>().errorMsg).toMatch(CHINESE);
  });

  it('refuses a body far beyond a report with 413', async () => {
    const response = await post(JSON.stringify(report({ stack: 'x'.repeat(20_000) })), {
      contentType: 'text/plain',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ errorMsg: string }>().errorMsg).toMatch(CHINESE);
  });

  it('keeps text/plain refused on other routes', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.passwordLogin,
      headers: { 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
  });

  it('limits reports per address with 429', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await post(report(), { ip })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await post(report(), { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ errorMsg: string }>().errorMsg).toMatch(/频繁/);
  });
});
