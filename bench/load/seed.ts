// The load benchmark's database (`load_bench`, kept between runs): the orders benchmark's 50 located stores with
// their taken orders (bench/orders/seed.mjs), the base data (roles, menus), the SKUs and couriers, and CLERKS_PER_STORE
// clerks per store with a real password and the 门店店员 role, so that they sign in as a person does.
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedBaseData } from '../../apps/server/src/db/seed/index.js';
import { seedOrderCatalogue } from '../../apps/server/src/db/seed/order-catalogue.js';
import { hashPassword } from '../../apps/server/src/modules/auth/password.js';
import { GOOD_PASSWORD } from '../../apps/server/src/test/fixtures.js';
import { adminQuery } from '../../apps/server/src/test/server-process.js';
import { seedOrders } from '../orders/seed.mjs';

export const CLERKS_PER_STORE = 8;
export const CLERK_PASSWORD = GOOD_PASSWORD;
const SEED_ORDERS = 100_000;
const SEED_MEMBERS = 10_000;

export type BenchClerk = { username: string; workCode: string; storeCode: string };
export type BenchStore = { code: string; clerks: BenchClerk[] };

/** Creates, migrates and seeds the database of `url` when it is missing or not yet seeded; answers the stores. */
export async function ensureLoadDatabase(adminUrl: string, url: string): Promise<BenchStore[]> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  await client.end();
  if (!exists) await adminQuery(adminUrl, `create database ${name}`);

  const database = await openDatabase({ databaseUrl: url }, 2);
  await migrateDatabase(database);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const seeded = await db.query(`select 1 from users where username like 'lb\\_%' limit 1`);
    if (seeded.rowCount === 0) {
      const started = Date.now();
      console.log(`seeding ${name}: base data, ${SEED_ORDERS.toLocaleString()} orders, clerks…`);
      await seedBaseData(database.db);
      await seedOrders(db, { orders: SEED_ORDERS, members: SEED_MEMBERS });
      await seedClerks(db);
      console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    // The SKUs and couriers the pushes and ships need (idempotent).
    await seedOrderCatalogue(database.db);
    const rows = (
      await db.query<{ shop_code: string; username: string; work_code: string }>(
        `select s.shop_code, u.username, u.work_code from users u
           join user_stores us on us.user_id = u.id join stores s on s.id = us.store_id
         where u.username like 'lb\\_%' order by s.shop_code, u.username`,
      )
    ).rows;
    const stores = new Map<string, BenchStore>();
    for (const row of rows) {
      const store = stores.get(row.shop_code) ?? { code: row.shop_code, clerks: [] };
      store.clerks.push({ username: row.username, workCode: row.work_code, storeCode: row.shop_code });
      stores.set(row.shop_code, store);
    }
    return [...stores.values()];
  } finally {
    await db.end();
    await database.close();
  }
}

/** CLERKS_PER_STORE clerks in every OB store, one shared argon2 hash (hashing is the sign-in's cost, not this). */
async function seedClerks(db: pg.Client) {
  const passwordHash = await hashPassword(CLERK_PASSWORD);
  await db.query(
    `insert into users (username, nick_name, work_code, phone, password_hash, must_change_password)
     select 'lb_' || lower(s.shop_code) || '_' || c, '店员' || s.shop_code || '-' || c, 'LB' || s.shop_code || c,
       '136' || lpad((row_number() over (order by s.shop_code, c))::text, 8, '0'), $1, false
     from stores s cross join generate_series(1, $2) c where s.shop_code like 'OB%'`,
    [passwordHash, CLERKS_PER_STORE],
  );
  await db.query(
    `insert into user_stores (user_id, store_id)
     select u.id, s.id from users u join stores s on u.username like 'lb\\_' || lower(s.shop_code) || '\\_%'`,
  );
  await db.query(
    `insert into user_roles (user_id, role_id)
     select u.id, r.id from users u, roles r where u.username like 'lb\\_%' and r.permission = 'store_staff'`,
  );
}
