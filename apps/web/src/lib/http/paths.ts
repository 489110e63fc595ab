import { runtimeConfig } from '../env';

/** Base paths of the API families (DESIGN 3). Auth and menu paths come from `AUTH_PATHS` in the contract. */
export const API_BASE = {
  storeConsole: '/feo',
  auth: '/auth',
  im: '/api/im',
  authOpen: '/ljYun/authOpen',
} as const;

function join(base: string, path: string): string {
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A store-console call: `/feo/...`. */
export function storeConsolePath(path: string): string {
  return join(API_BASE.storeConsole, path);
}

/** A business call: `{host}/tec/...`, `{host}` chosen per environment (spec 7.1). */
export function businessUrl(path: string): string {
  return join(runtimeConfig.businessHost, path);
}
