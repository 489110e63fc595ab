import { SERVICE_TOKEN_HEADER, STORE_CODE_HEADER } from '@console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStores } from '../db/schema.js';
import { rolesOf } from '../modules/auth/session.service.js';
import { bearer, createUser, nextIp } from '../test/fixtures.js';
import {
  CALLERS,
  ROUTE_MATRIX,
  INPUT_PATCHES,
  describeRule,
  type CallerKind,
  type MatrixRow,
  type Outcome,
} from '../test/route-matrix.js';
import {
  bodySchemaOf,
  filledPath,
  routeWalkApp,
  sampleOf,
  takesQuery,
  type RegisteredRoute,
} from '../test/openapi-routes.js';
import { issueSessionToken } from '../test/server-process.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_STAFF, HEAD_OFFICE_ROLES, type RouteAccess } from './route.js';

/**
 * The authorisation matrix (test/route-matrix.ts, docs/security/route-matrix.md) against the real app: every
 * registered route has a row and every row a route, each route declares the rule its row states, and every kind
 * of caller gets the row's outcome. Store and head-office routes check the store and the permission after the
 * input is validated, so they get a valid input (made up from the OpenAPI schema, patched where it cannot be).
 */

/** The access layer's own refusals; a 403 with another code is the domain's, after access was granted. */
const ACCESS_REFUSALS = new Set(['PERMISSION_DENIED', 'HEAD_OFFICE_ONLY', 'STORE_FORBIDDEN']);

let walk: Awaited<ReturnType<typeof routeWalkApp>>;
let t: TestApp;
const storeCodes = { own: 'RMA01', foreign: 'RMB01' };
const callerIds: Partial<Record<CallerKind, number>> = {};
const callerRoles: Partial<Record<CallerKind, string[]>> = {};

beforeAll(async () => {
  walk = await routeWalkApp([storeCodes.own, storeCodes.foreign]);
  t = walk.t;
  const [ownId, foreignId] = walk.storeIds as [number, number];
  const people: [CallerKind, string, number[]][] = [
    ['noStore', 'store_staff', []],
    ['staff', 'store_staff', [ownId]],
    ['headOffice', 'head_office', [ownId]],
    ['admin', 'admin', [ownId]],
  ];
  // The staff of another store, for the foreign-store column.
  const otherStaff = await createUser(t.db, { roles: ['store_staff'] });
  await t.db.insert(userStores).values({ userId: otherStaff.id, storeId: foreignId });
  for (const [kind, role, storeIds] of people) {
    const user = await createUser(t.db, { roles: [role] });
    if (storeIds.length)
      await t.db.insert(userStores).values(storeIds.map((storeId) => ({ userId: user.id, storeId })));
    callerIds[kind] = user.id;
    callerRoles[kind] = await rolesOf(t.db, user.id);
  }
  callerIds.foreignStore = callerIds.staff;
  callerRoles.foreignStore = callerRoles.staff;
});
afterAll(() => walk?.close());

const appRoutes = () => walk.routes();

const holds = (kind: CallerKind, permission: string) =>
  permission === ANY_STAFF || (callerRoles[kind] ?? []).includes(permission);
const isHeadOffice = (kind: CallerKind) =>
  (callerRoles[kind] ?? []).some((role) => HEAD_OFFICE_ROLES.includes(role));

/** What the rule should give each caller: the row a new route needs (its author checks it, then pastes it). */
function derivedOutcomes(rule: RouteAccess | undefined): Record<CallerKind, Outcome> {
  const outcome = (kind: CallerKind): Outcome => {
    if (!rule) return '-';
    const user = kind !== 'anonymous' && kind !== 'service';
    switch (rule.kind) {
      case 'public':
        return kind === 'foreignStore' ? '-' : 'ok';
      case 'service':
        return kind === 'foreignStore' ? '-' : kind === 'service' ? 'ok' : '401';
      case 'signedIn':
        return kind === 'foreignStore' ? '-' : user ? 'ok' : '401';
      case 'headOffice':
        if (kind === 'foreignStore') return '-';
        if (!user) return '401';
        return isHeadOffice(kind) && holds(kind, rule.permission) ? 'ok' : '403';
      case 'store':
        if (!user) return '401';
        if (kind === 'noStore' || kind === 'foreignStore') return '403';
        return holds(kind, rule.permission) ? 'ok' : '403';
    }
  };
  return Object.fromEntries(CALLERS.map((kind) => [kind, outcome(kind)])) as Record<CallerKind, Outcome>;
}

function suggestedRow(route: RegisteredRoute): string {
  const outcomes = derivedOutcomes(route.access);
  return `row('${route.key}', '${describeRule(route.access)}', '${CALLERS.map((c) => outcomes[c]).join(' ')}'),`;
}

type Request = {
  url: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
};

/**
 * A store or head-office route gets a valid input naming the caller's store; any other route an empty one (its
 * access check runs before validation, and an empty input triggers nothing: no SMS, no password change).
 */
function requestFor(route: RegisteredRoute, storeCode: string): Request {
  const operation = walk.operations.get(route.key) ?? {};
  const url = filledPath(route, operation);
  const inQuery = takesQuery(route.method);
  const checked = route.access?.kind === 'store' || route.access?.kind === 'headOffice';
  if (!checked) return { url, query: {}, body: inQuery ? undefined : {} };

  const field = route.access?.kind === 'store' ? route.access.storeField : null;
  if (inQuery) {
    const input = {
      ...Object.fromEntries(
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => [p.name, sampleOf(p.schema ?? {})]),
      ),
      ...INPUT_PATCHES[route.key],
    };
    const named = (operation.parameters ?? []).some((p) => p.in === 'query' && p.name === field);
    const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
    if (field && named) query[field] = storeCode;
    return { url, query, body: undefined };
  }
  const schema = bodySchemaOf(operation);
  const body = { ...(schema ? (sampleOf(schema) as object) : {}), ...INPUT_PATCHES[route.key] };
  if (field && schema?.properties?.[field]) Object.assign(body, { [field]: storeCode });
  return { url, query: {}, body };
}

type Observed = Outcome | `invalid input (${string})` | `unexpected ${number} ${string}`;

function outcomeOf(route: RegisteredRoute, response: LightMyRequestResponse): Observed {
  const code = response.headers['content-type']?.toString().includes('json')
    ? String(response.json<{ errorCode?: string }>().errorCode ?? '')
    : '';
  if (response.statusCode === 401) return '401';
  if (response.statusCode === 403 && ACCESS_REFUSALS.has(code)) return '403';
  const checkedAfterValidation = route.access?.kind === 'store' || route.access?.kind === 'headOffice';
  if (response.statusCode === 400 && code === 'VALIDATION_FAILED' && checkedAfterValidation)
    return `invalid input (${response.body.slice(0, 160)})`;
  if (response.statusCode >= 500 || response.statusCode === 429 || code === 'STORE_CODE_MISSING')
    return `unexpected ${response.statusCode} ${response.body.slice(0, 160)}`;
  return 'ok';
}

async function call(route: RegisteredRoute, kind: CallerKind): Promise<Observed> {
  const storeCode = kind === 'foreignStore' ? storeCodes.foreign : storeCodes.own;
  const request = requestFor(route, storeCode);
  const headers: Record<string, string> = { [STORE_CODE_HEADER]: storeCode };
  if (kind === 'service') headers[SERVICE_TOKEN_HEADER] = t.deps.config.serviceToken;
  // A session per call: some routes (logout) end the one they are called with.
  const userId = callerIds[kind];
  if (userId !== undefined) Object.assign(headers, bearer(await issueSessionToken(t.db, userId, t.clock())));
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: request.url,
    query: request.query,
    headers,
    remoteAddress: nextIp(),
    ...(request.body === undefined ? {} : { payload: request.body }),
  });
  return outcomeOf(route, response);
}

describe('route authorisation matrix', () => {
  it('has a row for every route of the app, and a route for every row', () => {
    const routes = appRoutes();
    const rows = new Set(ROUTE_MATRIX.map((r) => r.route));
    const keys = new Set(routes.map((r) => r.key));
    const missing = routes.filter((r) => !rows.has(r.key)).map(suggestedRow);
    const stale = ROUTE_MATRIX.filter((r) => !keys.has(r.route)).map((r) => r.route);
    expect(
      missing,
      'routes without a row in apps/server/src/test/route-matrix.ts (check, then paste these rows)',
    ).toEqual([]);
    expect(stale, 'rows of routes that no longer exist').toEqual([]);
    const undocumented = [...walk.operations.keys()].filter((key) => !rows.has(key));
    expect(undocumented, 'OpenAPI operations without a row').toEqual([]);
  });

  it('finds on every route the access rule its row states', () => {
    const byKey = new Map(appRoutes().map((r) => [r.key, r]));
    const changed = ROUTE_MATRIX.flatMap((row) => {
      const route = byKey.get(row.route);
      const declared = describeRule(route?.access);
      return route && declared !== row.rule
        ? [`${row.route}: row says ${row.rule}, route declares ${declared}`]
        : [];
    });
    expect(changed).toEqual([]);
  });

  it('states for every caller what the declared rule gives it', () => {
    const byKey = new Map(appRoutes().map((r) => [r.key, r]));
    const inconsistent = ROUTE_MATRIX.flatMap((row: MatrixRow) => {
      const route = byKey.get(row.route);
      if (!route) return [];
      const derived = derivedOutcomes(route.access);
      const differs = CALLERS.filter((kind) => derived[kind] !== row.expected[kind]);
      return differs.length ? [`${suggestedRow(route)} (differs for ${differs.join(', ')})`] : [];
    });
    expect(inconsistent, 'rows whose outcomes do not follow from the rule and the callers’ roles').toEqual(
      [],
    );
  });

  it('gives every caller on every route the outcome of its row', async () => {
    const byKey = new Map(appRoutes().map((r) => [r.key, r]));
    const wrong: string[] = [];
    let calls = 0;
    for (const row of ROUTE_MATRIX) {
      const route = byKey.get(row.route);
      if (!route) continue;
      for (const kind of CALLERS) {
        if (row.expected[kind] === '-') continue;
        const observed = await call(route, kind);
        calls += 1;
        if (observed !== row.expected[kind])
          wrong.push(`${row.route} as ${kind}: expected ${row.expected[kind]}, got ${observed}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(ROUTE_MATRIX.length * 4);
  }, 300_000);
});
