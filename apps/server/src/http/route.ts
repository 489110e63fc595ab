import { takesNothing, type Endpoint } from '@console/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../app-types.js';
import { callerOf, type AuthContext } from '../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../plugins/store-scope.js';
import type { ScopedStore } from '../modules/stores/store.repository.js';
import { ok, replies } from './envelope.js';
import { forbidden } from './errors.js';

export const PERMISSION_DENIED = '您没有该操作权限';
export const PASSWORD_CHANGE_REQUIRED = '请先修改初始密码，再使用门店和总部功能';
export const HEAD_OFFICE_ONLY = '仅总部人员可以执行此操作';

/** Roles that make a user head office (docs/security.md). */
export const HEAD_OFFICE_ROLES: readonly string[] = ['head_office', 'admin'];

/**
 * Who may call a route, declared on every route (deny by default: `guardRoutes` refuses to start an app with a
 * route that declares none).
 * - `store`: signed in, authorised for the store the request names (400 without one, 403 for a foreign one), and
 *   holding `permission` — a button permission such as `order:ship`, or `ANY_STAFF` for the store's own reads.
 * - `headOffice`: signed in with a head-office role and `permission` (or `ANY_STAFF`).
 * - `signedIn`: any signed-in user, for their own data (profile, menus, their stores).
 * - `service`: an upstream system with the service token (`X-Service-Token`), checked before the body is read.
 * - `public`: no sign-in (login, captcha, health); `reason` says why it is safe.
 */
export type RouteAccess =
  | { kind: 'store'; permission: string; storeField: string | null }
  | { kind: 'headOffice'; permission: string; refusal?: string }
  | { kind: 'signedIn' }
  | { kind: 'service' }
  | { kind: 'public'; reason: string };

/** Any staff member the rest of the access rule lets in (no button permission needed). */
export const ANY_STAFF = '*';

export const access = {
  store: (permission: string, storeField: string | null = 'storeCode'): RouteAccess => ({
    kind: 'store',
    permission,
    storeField,
  }),
  /** `refusal`: the 403 message for store staff when the domain has a more telling one than the default. */
  headOffice: (permission: string, refusal?: string): RouteAccess => ({
    kind: 'headOffice',
    permission,
    ...(refusal ? { refusal } : {}),
  }),
  signedIn: (): RouteAccess => ({ kind: 'signedIn' }),
  service: (): RouteAccess => ({ kind: 'service' }),
  public: (reason: string): RouteAccess => ({ kind: 'public', reason }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/route.ts); every API route declares it. */
    access?: RouteAccess;
  }
}

export function isHeadOffice(caller: AuthContext): boolean {
  return caller.roles.some((role) => HEAD_OFFICE_ROLES.includes(role));
}

function requirePermission(permission: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (permission !== ANY_STAFF && !callerOf(request).roles.includes(permission))
      throw forbidden(PERMISSION_DENIED, 'PERMISSION_DENIED');
  };
}

function requireHeadOffice(refusal = HEAD_OFFICE_ONLY) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isHeadOffice(callerOf(request))) throw forbidden(refusal, 'HEAD_OFFICE_ONLY');
  };
}

/**
 * A one-time password an administrator issued opens the caller's own account (profile, password, menus, sign-out)
 * and nothing else until it is changed: whoever read it on the way cannot work in a store or in head office.
 */
async function requireChangedPassword(request: FastifyRequest): Promise<void> {
  if (callerOf(request).passwordChangeRequired)
    throw forbidden(PASSWORD_CHANGE_REQUIRED, 'PASSWORD_CHANGE_REQUIRED');
}

type AccessHook = (request: FastifyRequest) => Promise<void>;
export type AccessHooks = { onRequest?: AccessHook; preValidation?: AccessHook; preHandler?: AccessHook[] };

/**
 * The hooks that enforce an access rule, in the order they run: the service token before the body is parsed
 * (a caller without it learns nothing about the payload rules), the session before validation (an anonymous
 * caller always gets 401), the store and permissions after it (the store code may sit in the body).
 */
export function accessHooks(app: AppInstance, rule: RouteAccess): AccessHooks {
  switch (rule.kind) {
    case 'public':
      return {};
    case 'service':
      return { onRequest: app.requireServiceToken };
    case 'signedIn':
      return { preValidation: app.authenticate };
    case 'headOffice':
      return {
        preValidation: app.authenticate,
        preHandler: [
          requireChangedPassword,
          requireHeadOffice(rule.refusal),
          requirePermission(rule.permission),
        ],
      };
    case 'store':
      return {
        preValidation: app.authenticateInStore(rule.storeField),
        preHandler: [
          requireChangedPassword,
          storeScope(app.storeAccess, rule.storeField),
          requirePermission(rule.permission),
        ],
      };
  }
}

/**
 * Refuses to start when an API route declares no access rule: a route someone forgot to guard must not be
 * reachable. Call at the top of the API scope, before its routes are registered.
 */
export function guardRoutes(app: AppInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.access)
      throw new Error(`${String(route.method)} ${route.url} declares no access rule (http/route.ts)`);
  });
}

/** What a route handler gets: the validated input and, per access rule, the caller and the store. */
export type RouteContext<E extends Endpoint> = {
  input: z.output<E['request']>;
  /** The path's `:name` segments, validated by the endpoint's `params`. */
  params: [NonNullable<E['params']>] extends [never]
    ? Record<string, never>
    : z.output<NonNullable<E['params']>>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller (not on public and service routes). */
  caller: () => AuthContext;
  /** The authorised store of a `store` route. */
  store: () => ScopedStore;
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What a route's handler answers: the endpoint's response, as `route()` validates it. */
export type RouteResult<E extends Endpoint> = z.output<E['response']>;

export type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'config'> & {
  description?: string;
  tags?: string[];
  /** Hooks after the access checks (a rule of the domain, such as "only your own inbox"). */
  preHandler?: Hook[];
  /**
   * Request content types other than JSON. With `multipart/form-data` the body is not validated by a schema:
   * the handler reads the file with `readSingleUpload` (after the access checks, so a refused caller never
   * gets to send the upload).
   */
  consumes?: string[];
  /** Answers besides the 200 envelope, by status (a 422 that carries row errors, a 503 that asks to back off). */
  responses?: Record<number, z.ZodType>;
};

type RawExtras = RouteExtras & {
  /**
   * The whole 200 body when it is not the envelope of `endpoint.response` (a spec shape with extra fields);
   * `null` when the route answers a file, which no JSON schema describes.
   */
  body?: z.ZodType | null;
};

/**
 * Registers an endpoint of the contract: method, path and schemas from the descriptor (the input is the query
 * string of a GET or DELETE, else the body), the access rule's hooks, and the handler's answer wrapped in the
 * envelope. The one way a module serves a call.
 */
export function route<E extends Endpoint>(
  app: AppInstance,
  endpoint: E,
  rule: RouteAccess,
  handler: (ctx: RouteContext<E>) => Promise<RouteResult<E>> | RouteResult<E>,
  extras: RouteExtras = {},
): void {
  register(app, endpoint, rule, extras, replies(endpoint.response), async (ctx) => ok(await handler(ctx)));
}

/**
 * `route()` for a handler that owns its reply: it answers a file, a body that is not the plain envelope, or
 * holds the request open and answers later (the message long poll: it returns `ctx.reply` after handing it to
 * the poll hub). Access rule, schemas of the request and the OpenAPI entry are the same as `route()`'s.
 */
export function rawRoute<E extends Endpoint>(
  app: AppInstance,
  endpoint: E,
  rule: RouteAccess,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
  extras: RawExtras = {},
): void {
  const { body, ...rest } = extras;
  const success = body === undefined ? replies(endpoint.response) : body === null ? null : { 200: body };
  register(app, endpoint, rule, rest, success, handler);
}

/**
 * A module's `route` and `rawRoute` with the app and the module's OpenAPI tags bound, so that each declaration
 * names only its endpoint, access rule and handler: `const { route } = moduleRoutes(app, ['system-tools'])`.
 * A route's own `extras` add to the tags' (and may replace them).
 */
export function moduleRoutes(app: AppInstance, tags: string[]) {
  return {
    route: <E extends Endpoint>(
      endpoint: E,
      rule: RouteAccess,
      handler: (ctx: RouteContext<E>) => Promise<RouteResult<E>> | RouteResult<E>,
      extras: RouteExtras = {},
    ) => route(app, endpoint, rule, handler, { tags, ...extras }),
    rawRoute: <E extends Endpoint>(
      endpoint: E,
      rule: RouteAccess,
      handler: (ctx: RouteContext<E>) => Promise<unknown>,
      extras: RawExtras = {},
    ) => rawRoute(app, endpoint, rule, handler, { tags, ...extras }),
  };
}

function register<E extends Endpoint>(
  app: AppInstance,
  endpoint: E,
  rule: RouteAccess,
  extras: RouteExtras,
  success: Record<number, z.ZodType> | null,
  handler: (ctx: RouteContext<E>) => Promise<unknown>,
): void {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const multipart = extras.consumes?.includes('multipart/form-data') ?? false;
  // A body-less POST (and a multipart form) has nothing for a JSON schema to check.
  const validated = !takesNothing(endpoint.request) && !multipart;
  const hooks = accessHooks(app, rule);
  const preHandler = [...(hooks.preHandler ?? []), ...(extras.preHandler ?? [])];
  const responses = success || extras.responses ? { ...success, ...extras.responses } : undefined;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    config: { ...extras.config, access: rule },
    ...(hooks.onRequest ? { onRequest: hooks.onRequest } : {}),
    ...(hooks.preValidation ? { preValidation: hooks.preValidation } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    schema: {
      tags: extras.tags,
      summary: endpoint.summary,
      description: extras.description,
      ...(rule.kind === 'public'
        ? {}
        : { security: rule.kind === 'service' ? [{ serviceToken: [] }] : [{ bearer: [] }] }),
      ...(extras.consumes ? { consumes: extras.consumes } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(validated ? { [inQuery ? 'querystring' : 'body']: endpoint.request } : {}),
      ...(responses ? { response: responses } : {}),
    },
    handler: async (request, reply) =>
      handler({
        input: (validated ? (inQuery ? request.query : request.body) : {}) as z.output<E['request']>,
        params: request.params as RouteContext<E>['params'],
        request,
        reply,
        caller: () => callerOf(request),
        store: () => scopedStoreOf(request),
      }),
  });
}
