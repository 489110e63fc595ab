// Loaded on demand by auth-api.ts, so that zod is not part of what the login page needs to first render
// (docs/web-app.md, "Bundle budget").
export { captchaSchema, loginResultSchema } from '@console/contract';
