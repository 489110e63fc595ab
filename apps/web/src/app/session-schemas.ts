import { menuNodeSchema } from '@console/contract';
import { z } from 'zod';

// Loaded on demand by session-loaders.ts: zod stays out of the entry chunk, so the login route does not pay
// for it (docs/web-app.md, "Bundle budget").
export { userInfoSchema } from '@console/contract';
export const menuTreeSchema = z.array(menuNodeSchema);
