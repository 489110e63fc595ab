import { readFileSync } from 'node:fs';
import { envelopeSchema, healthEndpoints, maintenanceEndpoints } from '@console/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { AppError } from '../../http/errors.js';
import { access, route } from '../../http/route.js';
import type { Lifecycle } from '../../platform/lifecycle.js';
import type { Maintenance } from '../../platform/maintenance.js';

const PROBE_REASON =
  'load balancers and orchestrators probe it; it answers only a status word and nothing about the data';

/** The newest migration of this build (drizzle's journal): readiness wants the database at least that far. */
const LATEST_MIGRATION_MS: number = (() => {
  const journal = JSON.parse(
    readFileSync(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

const notReady = (message: string) => new AppError(503, 'NOT_READY', message, { 'retry-after': '1' });

export function healthRoutes(
  app: AppInstance,
  { db, dbKind, config }: AppDeps,
  lifecycle: Lifecycle,
  maintenance: Pick<Maintenance, 'status'>,
): void {
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

  route(app, healthEndpoints.live, access.public(PROBE_REASON), () => ({ status: 'ok' as const }), {
    tags: ['platform'],
  });

  route(
    app,
    healthEndpoints.ready,
    access.public(PROBE_REASON),
    async () => {
      if (lifecycle.closing) throw notReady('服务正在停止');
      // A restore holds every table: the instance serves the maintenance answers, and its tables are not read.
      if (maintenance.status().active) return { status: 'ready' as const };
      // Reaching the table proves the database answers; its newest row says how far the schema is.
      const result = (await db.execute(
        sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { latest: string | number | null }[] };
      const latest = Number(result.rows[0]?.latest ?? 0);
      if (latest < LATEST_MIGRATION_MS) throw notReady('数据库尚未完成升级');
      if (lifecycle.closing) throw notReady('服务正在停止');
      return { status: 'ready' as const };
    },
    { tags: ['platform'], responses: { 503: envelopeSchema(z.null()) } },
  );

  route(
    app,
    maintenanceEndpoints.status,
    access.public(
      'the maintenance page and every console ask it while the database is restored; it answers from memory',
    ),
    () => maintenance.status(),
    { tags: ['platform'] },
  );
}
