import { healthEndpoints } from '@console/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { access, route } from '../../http/route.js';

export function healthRoutes(app: AppInstance, { db, dbKind, config }: AppDeps): void {
  route(
    app,
    healthEndpoints.health,
    access.public(
      'load balancers probe it; it answers only "ok", the database kind and the build (version, commit)',
    ),
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: dbKind, ...config.build };
    },
    { tags: ['platform'] },
  );
}
