import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import type { AppInstance } from '../app-types.js';
import { shopGroups, stores } from '../db/schema.js';
import { seedBaseData } from '../db/seed/index.js';
import type { RouteAccess } from '../http/route.js';
import { createTestApp } from './test-app.js';

/**
 * The app's routes as registered and as the OpenAPI document describes them, and inputs made up from their
 * schemas: what the route matrix and the input fuzz test walk.
 */

export type RegisteredRoute = { key: string; method: string; url: string; access: RouteAccess | undefined };

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
};

export type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** An id no row has: made-up inputs must not reach real records. */
export const UNKNOWN_ID = 987_654;

/** Strings that satisfy the contract's usual patterns (codes, phones, division codes, dates, ids, colours). */
const STRING_SAMPLES = [
  'AB12',
  '13900000000',
  '110101',
  '2026-01-01',
  'INV00001',
  '0123456789abcdef0123456789abcdef',
  '2026-01-01 09:00:00',
  '09:00',
  'probe_x',
  'x',
  '#ff2f28',
];

/**
 * A one-page web build, so the console's own routes (`/`, `/*`) are registered as in production, and a route
 * collector for `createTestApp(…, { build: { onRoute } })`.
 */
export async function routeCollector() {
  const webDist = await mkdtemp(path.join(tmpdir(), 'openapi-routes-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><!--APP_CONFIG--><title>console</title>');
  const staticFiles = new Set((await readdir(webDist)).map((name) => `/${name}`));
  const registered: RegisteredRoute[] = [];
  return {
    webDist,
    onRoute(route: RouteOptions) {
      for (const method of [route.method].flat())
        registered.push({
          key: `${method} ${route.url}`,
          method,
          url: route.url,
          access: route.config?.access,
        });
    },
    /** The routes to walk: Fastify's automatic HEAD twins share their GET's hooks; static files are files. */
    routes(): RegisteredRoute[] {
      const keys = new Set(registered.map((r) => r.key));
      return registered.filter(
        (r) =>
          !(r.method === 'HEAD' && keys.has(`GET ${r.url}`)) &&
          !(r.access === undefined && staticFiles.has(r.url)),
      );
    },
    cleanUp: () => rm(webDist, { recursive: true, force: true }),
  };
}

/**
 * The app for the walks over every route (the route matrix, the input fuzz): its routes as registered and as
 * the OpenAPI document describes them, the base data, and one shop group holding a store of each of
 * `storeCodes` (named `<code>店`), whose ids come back in the same order.
 */
export async function routeWalkApp(storeCodes: string[]) {
  const collector = await routeCollector();
  const t = await createTestApp(
    { webDist: collector.webDist, longPoll: { holdMs: 20, maxHeld: 10, sweepMs: 60_000 } },
    { build: { onRoute: collector.onRoute } },
  );
  await seedBaseData(t.db);
  const [group] = await t.db.insert(shopGroups).values({ frontTitle: '路由测试区' }).returning();
  const rows = await t.db
    .insert(stores)
    .values(
      storeCodes.map((code) => ({
        shopCode: code,
        shopName: `${code}店`,
        businessScopeName: `${code}店`,
        shopGroupId: group!.id,
      })),
    )
    .returning({ id: stores.id });
  return {
    t,
    routes: collector.routes,
    operations: await openApiOperations(t.app),
    storeIds: rows.map((row) => row.id),
    close: async () => {
      await t.close();
      await collector.cleanUp();
    },
  };
}

/** The OpenAPI operations by route key (`POST /x/:id`). */
export async function openApiOperations(app: AppInstance): Promise<Map<string, Operation>> {
  const document = (await app.inject({ method: 'GET', url: '/swagger/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  return new Map(
    Object.entries(document.paths).flatMap(([url, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [
        `${method.toUpperCase()} ${url.replace(/\{([^}]+)\}/g, ':$1')}`,
        operation,
      ]),
    ),
  );
}

/** The JSON body schema of an operation, if it takes one. */
export const bodySchemaOf = (operation: Operation): JsonSchema | undefined =>
  operation.requestBody?.content?.['application/json']?.schema;

export const takesQuery = (method: string) => method === 'GET' || method === 'DELETE';

function fits(value: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  return schema.pattern === undefined || new RegExp(schema.pattern).test(value);
}

/** The type a schema names, `null` aside. */
export const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** The smallest value the schema accepts: required properties only, the first enum value, an unknown id. */
export function sampleOf(schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleOf(variants.find((v) => v.type !== 'null') ?? variants[0]!);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'integer':
    case 'number': {
      const min =
        typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + 1
          : (schema.minimum ?? 0) + (schema.exclusiveMinimum === true ? 1 : 0);
      return (schema.maximum ?? Number.MAX_SAFE_INTEGER) >= UNKNOWN_ID ? Math.max(min, UNKNOWN_ID) : min;
    }
    case 'boolean':
      return false;
    case 'string':
      return STRING_SAMPLES.find((s) => fits(s, schema)) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** A path with each `:param` filled from its schema's sample (or from `fill` when given). */
export function filledPath(
  route: RegisteredRoute,
  operation: Operation,
  fill: (name: string, schema: JsonSchema) => unknown = (_, schema) => sampleOf(schema),
): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(fill(name, parameter?.schema ?? { type: 'integer' })));
  });
}
