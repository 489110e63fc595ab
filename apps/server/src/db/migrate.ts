import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './client.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: only one instance migrates at a time. */
const MIGRATION_LOCK_KEY = 720_001;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
    if (handle.kind === 'postgres')
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
    else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  });
}

/**
 * Brings a PostgreSQL database restored from an older backup up to this build's schema (a backup made before a
 * migration holds the older tables and its own migrations table). A no-op when it is current.
 */
export async function migrateRestored(db: NodePgDatabase): Promise<void> {
  await migratePg(db, { migrationsFolder });
}
