import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedBaseData } from '../db/seed/index.js';
import { shopGroups, stores, users, userStores } from '../db/schema.js';
import { createUser, type TestUser } from './fixtures.js';
import { createScratchDatabase, issueSessionToken, type ScratchDatabase } from './server-process.js';

/** A member of the store's staff with a session written straight into the database. */
export type StoreReceiver = TestUser & { workCode: string; token: string };

export type ClusterStore = {
  scratch: ScratchDatabase;
  database: DatabaseHandle;
  storeId: number;
  storeCode: string;
  /** A new member of the store's staff, signed in. */
  newReceiver(): Promise<StoreReceiver>;
  /** Closes the pool and drops the database. */
  close(): Promise<void>;
};

/**
 * The database of a test that runs real server processes against each other: a scratch PostgreSQL database of
 * its own on `adminUrl`, migrated and seeded with the base data, holding one store for the test's staff.
 */
export async function createClusterStore(
  adminUrl: string,
  prefix: string,
  store: { code: string; name: string },
): Promise<ClusterStore> {
  const scratch = await createScratchDatabase(adminUrl, prefix);
  const database = await openDatabase({ databaseUrl: scratch.url }, 3);
  await migrateDatabase(database);
  await seedBaseData(database.db);
  const [group] = await database.db
    .insert(shopGroups)
    .values({ frontTitle: `${store.name}区` })
    .returning({ id: shopGroups.id });
  const [row] = await database.db
    .insert(stores)
    .values({
      shopCode: store.code,
      shopName: store.name,
      businessScopeName: store.name,
      shopGroupId: group!.id,
    })
    .returning({ id: stores.id });
  const storeId = row!.id;
  return {
    scratch,
    database,
    storeId,
    storeCode: store.code,
    async newReceiver() {
      const user = await createUser(database.db);
      const [staff] = await database.db
        .select({ workCode: users.workCode })
        .from(users)
        .where(eq(users.id, user.id));
      await database.db.insert(userStores).values({ userId: user.id, storeId });
      return { ...user, workCode: staff!.workCode!, token: await issueSessionToken(database.db, user.id) };
    },
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
