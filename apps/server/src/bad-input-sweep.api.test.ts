import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, nextIp, type TestUser } from './test/fixtures.js';
import { issueSessionToken } from './test/server-process.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/**
 * Every route the OpenAPI document lists gets malformed input from a signed-in administrator: it must answer a
 * 4xx with a Chinese message (or succeed), never a 5xx. New routes are covered without being named here.
 */

type Operation = { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };
type JsonSchema = { properties?: Record<string, unknown> };
type Route = { method: string; url: string; properties: string[] };

const CHINESE = /[\u4e00-\u9fa5]/;
/** Not part of the product's API surface. */
const SKIPPED = new Set(['/swagger/json']);

let t: TestApp;
let admin: TestUser;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { roles: ['admin'] });
  const document = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(document.paths)
    .filter(([url]) => !SKIPPED.has(url))
    .flatMap(([url, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase(),
        // Path parameters get a value no route can resolve.
        url: url.replace(/\{[^}]+\}/g, '%E2%98%83'),
        properties: Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        ),
      })),
    );
});
afterAll(() => t.close());

function malformedBodies(route: Route): { name: string; payload: string }[] {
  const every = (value: unknown) =>
    JSON.stringify(Object.fromEntries(route.properties.map((name) => [name, value])));
  return [
    { name: 'empty object', payload: '{}' },
    { name: 'broken JSON', payload: '{"a":' },
    { name: 'array', payload: '[1,2]' },
    { name: 'wrong types', payload: every({ nested: [1] }) },
    { name: 'huge strings', payload: every('字'.repeat(5000)) },
    { name: 'negative numbers', payload: every(-1e308) },
    { name: 'nulls', payload: every(null) },
  ];
}

function expectClientAnswer(
  route: Route,
  name: string,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): void {
  const where = `${route.method} ${route.url} (${name}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
    expect(JSON.parse(response.body).errorMsg, where).toMatch(CHINESE);
  }
}

describe('malformed input on every route', () => {
  it('finds the API in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  // Seven requests per route: past the default 30 s on a busy machine as routes are added.
  it('answers 4xx with a Chinese message, never 5xx', { timeout: 180_000 }, async () => {
    for (const route of routes) {
      // A fresh session per route: some routes (logout) end the one they are called with. Written straight
      // into the table: a captcha and password sign-in per route would take most of the test's time.
      const token = await issueSessionToken(t.db, admin.id, t.clock());
      if (route.method === 'GET' || route.method === 'HEAD') {
        const response = await t.app.inject({
          method: route.method,
          url: `${route.url}?pageNum=abc&pageSize=-1&keyword=${'字'.repeat(300)}&storeCode=%00`,
          headers: bearer(token),
        });
        expectClientAnswer(route, 'bad query', response);
        continue;
      }
      for (const { name, payload } of malformedBodies(route)) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { ...bearer(token), 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
          payload,
        });
        expectClientAnswer(route, name, response);
      }
    }
  });
});
