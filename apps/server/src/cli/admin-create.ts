import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { seedBaseData } from '../db/seed/index.js';
import { createFirstAdministrator } from '../modules/users-admin/first-admin.js';
import { systemClock } from '../platform/clock.js';

const USAGE =
  'Usage: npm run admin:create -- --username <account> --phone <mobile> [--name <姓名>] [--work-code <工号>]';

/**
 * `npm run admin:create`: the first administrator of a database, with the server's own database settings
 * (DATABASE_URL, else the embedded database in DATA_DIR). Migrates and seeds the base data first, so it works on
 * an empty database before the server has ever started. Exit 1 when refused.
 */
async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        phone: { type: 'string' },
        name: { type: 'string' },
        'work-code': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.username || !values.phone) {
    console.error(`请提供 --username 和 --phone / --username and --phone are required\n${USAGE}`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir: path.resolve(process.env.DATA_DIR ?? './data') },
    2,
  );
  try {
    await migrateDatabase(database);
    await seedBaseData(database.db);
    const result = await createFirstAdministrator(database.db, systemClock, {
      username: values.username,
      phone: values.phone,
      name: values.name,
      workCode: values['work-code'],
    });
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    console.log(
      [
        `系统管理员 ${result.username} 已创建 / Administrator ${result.username} created.`,
        `一次性密码 / One-time password: ${result.oneTimePassword}`,
        '首次登录后必须修改密码；此密码不会再次显示。 / It must be changed at first sign-in and is not shown again.',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
