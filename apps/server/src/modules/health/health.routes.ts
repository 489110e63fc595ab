import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';

export function healthRoutes(app: AppInstance, { db, dbKind }: AppDeps): void {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: replies(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return ok({ status: 'ok' as const, database: dbKind });
    },
  );
}
