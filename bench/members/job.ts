// Runs the daily member reminder job (members.daily-reminders) twice over the benchmark's members, as the job
// runner would, and prints each run's time and what it sent as JSON.
// Usage: tsx bench/members/job.ts <databaseUrl>
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';
import { createMessageProducer } from '../../apps/server/src/modules/im/message-producer.js';
import { createMemberReminders } from '../../apps/server/src/modules/members/member-reminders.js';

const [databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const db = drizzle({ client: pool }) as unknown as Database;
const clock = () => new Date();
let woken = 0;
const producer = createMessageProducer({
  db,
  clock,
  wakeBus: {
    publish: (keys) => void (woken += keys.length),
    subscribe: () => () => {},
    close: async () => {},
  },
});
const reminders = createMemberReminders({ db, clock, producer });
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: string }[] }).rows[0]!.n);

// A first run from scratch: nothing reminded yet.
await db.execute(sql`delete from im_messages where source = 'members'`);
await db.execute(sql`delete from member_reminders`);
await db.execute(sql`delete from member_repurchase_due`);
const runs = [];
for (let run = 1; run <= 2; run++) {
  const started = performance.now();
  const result = await reminders.run();
  runs.push({
    run,
    seconds: (performance.now() - started) / 1000,
    result,
    messagesTotal: await count(sql`select count(*) as n from im_messages where source = 'members'`),
    remindersTotal: await count(sql`select count(*) as n from member_reminders`),
  });
}
await pool.end();
process.stdout.write(JSON.stringify({ runs, woken }));
