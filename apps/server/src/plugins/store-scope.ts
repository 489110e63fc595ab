import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../http/errors.js';
import './authenticate.js';
import type { ScopedStore, StoreRepository } from '../modules/stores/store.repository.js';
import { callerOf } from './request-context.js';
import { storeCodeOf } from './store-code.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store a store-scoped route works on, set by the store-scope guard after authorisation. */
    scopedStore?: ScopedStore;
  }
}

export const STORE_CODE_MISSING = '缺少门店编号';
export const STORE_FORBIDDEN = '您无权访问该门店';

/**
 * preHandler factory for store-scoped routes (after `app.authenticate`): a missing store code is 400, a store
 * the caller has no user_stores row for is 403 — for every role, admin included; no stores is never "all".
 * The identity is the session's; X-User-Name / X-Work-Code headers are never read. An authorisation is cached
 * briefly with the session (modules/auth/auth-cache.ts); a refusal never is.
 */
export function storeScope(stores: Pick<StoreRepository, 'findAuthorised'>, field: string | null) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = callerOf(request);
    const code = storeCodeOf(request, field);
    if (!code) throw badRequest(STORE_CODE_MISSING, 'STORE_CODE_MISSING');
    const store = await request.server.authCache.store(caller.user.id, code, () =>
      stores.findAuthorised(caller.user.id, code),
    );
    if (!store) throw forbidden(STORE_FORBIDDEN, 'STORE_FORBIDDEN');
    request.scopedStore = store;
  };
}

/** The authorised store of a route guarded by `storeScope`. */
export function scopedStoreOf(request: FastifyRequest): ScopedStore {
  if (!request.scopedStore) throw new Error('route is missing the store-scope guard');
  return request.scopedStore;
}
