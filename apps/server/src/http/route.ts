import type { Endpoint } from '@console/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AppInstance } from '../app-types.js';
import { callerOf, type AuthContext } from '../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../plugins/store-scope.js';
import type { ScopedStore } from '../modules/stores/store.repository.js';
import { ok, replies } from './envelope.js';
import { forbidden } from './errors.js';

export const PERMISSION_DENIED = '您没有该操作权限';
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
 * - `service`: an upstream system; the route's own `onRequest` hook checks the service token.
 * - `public`: no sign-in (login, captcha, health); `reason` says why it is safe.
 */
export type RouteAccess =
  | { kind: 'store'; permission: string; storeField: string | null }
  | { kind: 'headOffice'; permission: string }
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
  headOffice: (permission: string): RouteAccess => ({ kind: 'headOffice', permission }),
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

async function requireHeadOffice(request: FastifyRequest): Promise<void> {
  if (!isHeadOffice(callerOf(request))) throw forbidden(HEAD_OFFICE_ONLY, 'HEAD_OFFICE_ONLY');
}

/** The hooks that enforce an access rule, in the order they run. */
export function accessHooks(
  app: AppInstance,
  rule: RouteAccess,
): Pick<RouteOptions, 'preValidation' | 'preHandler'> {
  switch (rule.kind) {
    case 'public':
    case 'service':
      return {};
    case 'signedIn':
      return { preValidation: app.authenticate };
    case 'headOffice':
      return {
        preValidation: app.authenticate,
        preHandler: [requireHeadOffice, requirePermission(rule.permission)],
      };
    case 'store':
      return {
        preValidation: app.authenticate,
        preHandler: [storeScope(app.storeAccess, rule.storeField), requirePermission(rule.permission)],
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
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller (not on public and service routes). */
  caller: () => AuthContext;
  /** The authorised store of a `store` route. */
  store: () => ScopedStore;
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type RouteExtras = Pick<RouteOptions, 'bodyLimit' | 'config'> & {
  description?: string;
  tags?: string[];
  /** Hooks before the body is read (a service token that must refuse before any payload rule speaks). */
  onRequest?: Hook[];
  /** Hooks after the access checks (rate limits, per-route rules). */
  preHandler?: Hook[];
  /**
   * `file`: the handler answers a file itself (headers through `reply`, the bytes as its result) instead of a
   * JSON envelope; refusals still travel as the JSON error envelope. The endpoint's response schema then only
   * types the bytes and is not serialised.
   */
  answer?: 'json' | 'file';
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
  handler: (ctx: RouteContext<E>) => Promise<z.output<E['response']>> | z.output<E['response']>,
  extras: RouteExtras = {},
): void {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const file = extras.answer === 'file';
  const hooks = accessHooks(app, rule);
  const preHandler = [
    ...((hooks.preHandler as RouteExtras['preHandler']) ?? []),
    ...(extras.preHandler ?? []),
  ];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    config: { ...extras.config, access: rule },
    ...(extras.onRequest?.length ? { onRequest: extras.onRequest } : {}),
    ...(hooks.preValidation ? { preValidation: hooks.preValidation } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    schema: {
      tags: extras.tags,
      summary: endpoint.summary,
      description: extras.description,
      ...(rule.kind === 'public'
        ? {}
        : { security: rule.kind === 'service' ? [{ serviceToken: [] }] : [{ bearer: [] }] }),
      [inQuery ? 'querystring' : 'body']: endpoint.request,
      ...(file ? {} : { response: replies(endpoint.response) }),
    },
    handler: async (request, reply) => {
      const data = await handler({
        input: (inQuery ? request.query : request.body) as z.output<E['request']>,
        request,
        reply,
        caller: () => callerOf(request),
        store: () => scopedStoreOf(request),
      });
      return file ? data : ok(data);
    },
  });
}
