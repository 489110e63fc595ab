// Loaded on demand by geolocation.ts: the contract module that defines it also holds the store schemas (zod),
// which the shell does not need to render (docs/web-app.md, "Bundle budget").
export { DEFAULT_STORE_COORDINATES } from '@console/contract';
