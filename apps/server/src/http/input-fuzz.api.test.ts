import { SERVICE_TOKEN_HEADER, STORE_CODE_HEADER } from '@console/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStores } from '../db/schema.js';
import { bearer, createUser, nextIp } from '../test/fixtures.js';
import {
  bodySchemaOf,
  filledPath,
  routeWalkApp,
  sampleOf,
  takesQuery,
  typeOf,
  type JsonSchema,
  type Operation,
  type RegisteredRoute,
} from '../test/openapi-routes.js';
import { issueSessionToken } from '../test/server-process.js';
import type { TestApp } from '../test/test-app.js';
import { nulCharacterPath } from './input-guard.js';

/**
 * Property: whatever a caller sends to any route of the OpenAPI document, the answer is never a 5xx, never takes
 * longer than HANG_MS, a refusal shows no stack or SQL and says what went wrong in Chinese, and a string holding
 * a NUL character is refused. Inputs are made up from each route's schema (mostly valid, so handlers run) mixed with
 * hostile values. The caller is an administrator of the store named, with the service token too, so every
 * access rule lets the call through. `FUZZ_RUNS` / `FUZZ_SEED` widen or vary a run.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const HANG_MS = 10_000;
const STORE = 'FZA01';

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  '%00',
  '\ud800',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '😀'.repeat(40),
  'x'.repeat(5_000),
  '',
  ' ',
  '１２３',
  '-1',
  '99999999999999999999',
  '2026-02-30',
  '0000-00-00 00:00:00',
  '275760-09-13',
  'true',
  '[object Object]',
];
const HOSTILE_NUMBERS = [-1, 0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e308, -1e308];
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, [], {}, [null], { '\u0000': 1 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const withNul = fc
  .tuple(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }))
  .map(([a, b]) => `${a}\u0000${b}`);

/** A value for a schema: mostly one it describes, sometimes a hostile one. */
function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: typedValueOf(schema, depth), weight: 4 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

function typedValueOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => typedValueOf(v, depth)));
  switch (typeOf(schema)) {
    case 'object':
      return depth > 3 ? fc.constant({}) : objectOf(schema, depth);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'integer':
      return fc.oneof(
        fc.constant(sampleOf(schema)),
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000_000, 1_000_000) }),
        fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53 - 1),
      );
    case 'number':
      return fc.oneof(fc.constant(sampleOf(schema)), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(
        fc.constant(sampleOf(schema)),
        fc.string({ maxLength: schema.maxLength ?? 24 }),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        withNul,
      );
    default:
      return hostileValue;
  }
}

/** Each property now and then, over the schema's smallest valid value half of the time. */
function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, valueOf(inner, depth + 1)]),
  );
  return fc
    .tuple(fc.boolean(), fc.record(properties, { requiredKeys: [] }))
    .map(([overSample, picked]) => (overSample ? { ...(sampleOf(schema) as object), ...picked } : picked));
}

type FuzzRequest = { url: string; query: Record<string, string>; body: unknown };

function requestOf(route: RegisteredRoute, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathValues = fc.tuple(
    ...pathNames.map((name) => {
      const schema = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema;
      return valueOf(schema ?? { type: 'integer' });
    }),
  );
  const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const query = fc.record(
    Object.fromEntries(queryParameters.map((p) => [p.name, valueOf(p.schema ?? {}).map(String)])),
    { requiredKeys: [] },
  );
  const bodySchema = bodySchemaOf(operation);
  const body = takesQuery(route.method)
    ? fc.constant(undefined)
    : bodySchema
      ? fc.oneof({ arbitrary: valueOf(bodySchema), weight: 9 }, { arbitrary: hostileValue, weight: 1 })
      : fc.constant({});
  return fc.tuple(pathValues, query, body).map(([values, q, b]) => {
    const byName = new Map(pathNames.map((name, i) => [name, values[i]]));
    const present = Object.entries(q).filter((entry): entry is [string, string] => entry[1] !== undefined);
    return {
      url: filledPath(route, operation, (name) => byName.get(name)),
      query: Object.fromEntries(present),
      body: b,
    };
  });
}

/** What a refusal must never show: a stack frame, an SQL statement or a driver's message. */
const LEAK =
  /\bat \S+\.(?:ts|js|mjs):\d+|\b(?:select|insert into|update \w+ set|delete from)\b|violates|constraint|relation "|syntax error|invalid byte sequence|out of range for type|TypeError|ReferenceError/i;
const CHINESE = /[\u4e00-\u9fa5]/;

let walk: Awaited<ReturnType<typeof routeWalkApp>>;
let t: TestApp;
let adminId: number;

beforeAll(async () => {
  walk = await routeWalkApp([STORE]);
  t = walk.t;
  const admin = await createUser(t.db, { roles: ['admin'] });
  await t.db.insert(userStores).values({ userId: admin.id, storeId: walk.storeIds[0]! });
  adminId = admin.id;
});
afterAll(() => walk?.close());

/** The admin's session, issued again only after a route ended it (sign-out, a password change). */
let token: string | null = null;

async function send(route: RegisteredRoute, request: FuzzRequest) {
  token ??= await issueSessionToken(t.db, adminId, t.clock());
  const answer = t.app.inject({
    method: route.method as 'GET',
    url: request.url,
    query: request.query,
    headers: {
      ...bearer(token),
      [STORE_CODE_HEADER]: STORE,
      [SERVICE_TOKEN_HEADER]: t.deps.config.serviceToken,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    remoteAddress: nextIp(),
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    const response = await Promise.race([answer, hang]);
    if (response.statusCode === 401) token = null;
    return response;
  } finally {
    clearTimeout(timer);
  }
}

describe('every route, fuzzed from its OpenAPI schema', () => {
  it('has routes to fuzz', () => {
    expect(fuzzedRoutes().length).toBeGreaterThan(100);
  });

  it('answers every made-up input with a Chinese 2xx–4xx, in time, with nothing leaked', async () => {
    const failures: string[] = [];
    for (const route of fuzzedRoutes()) {
      const operation = walk.operations.get(route.key) ?? {};
      const result = await fc.check(
        fc.asyncProperty(requestOf(route, operation), async (request) => {
          const response = await send(route, request);
          const text = response.body;
          expect(response.statusCode, text.slice(0, 300)).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(text).not.toMatch(LEAK);
            if (response.headers['content-type']?.toString().includes('json')) expect(text).toMatch(CHINESE);
          }
          const nul =
            request.url.includes('%00') ||
            nulCharacterPath(request.query) !== null ||
            nulCharacterPath(request.body) !== null;
          if (nul) expect(response.statusCode, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: false },
      );
      if (result.failed)
        failures.push(
          `${route.key}: ${JSON.stringify(result.counterexample)} → ${String(result.errorInstance).slice(0, 400)}`,
        );
    }
    expect(failures, `reproduce with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
});

/** Every route but the static web files; a multipart route is fuzzed as JSON (it answers 415). */
function fuzzedRoutes(): RegisteredRoute[] {
  return walk.routes();
}
