// Runs each benchmark case once through the members service against a drizzle instance that records every
// query, and prints them as JSON: the bare handler runs exactly this SQL.
// Usage: tsx bench/members/capture-sql.ts <databaseUrl> <cases.json>
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { memberStoreFilters, type MemberStoreListBody } from '@console/contract';
import type { Database } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { createAuditLog } from '../../apps/server/src/modules/audit/audit-log.js';
import {
  createMembersService,
  type MemberActor,
} from '../../apps/server/src/modules/members/members.service.js';

type BenchCase = {
  name: string;
  kind: 'inquiry' | 'profile' | 'list';
  actor: { storeId: number; storeCode: string; userId: number; sessionId: number };
  query: Record<string, string>;
  body?: MemberStoreListBody;
};

const [databaseUrl, casesFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile!, 'utf8')) as BenchCase[];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let recording: { text: string; values: unknown[] }[] = [];
const db = drizzle({
  client: pool,
  schema,
  logger: { logQuery: (text, values) => recording.push({ text, values }) },
}) as unknown as Database;
const clock = () => new Date();
const service = createMembersService({ db, clock, audit: createAuditLog(db, clock) });

const out: Record<string, { text: string; values: unknown[] }[]> = {};
for (const c of cases) {
  recording = [];
  const actor: MemberActor = { ...c.actor, can: { tag: true, assign: true, follow: true } };
  if (c.kind === 'inquiry') await service.inquiry(actor, c.query.keywords!);
  else if (c.kind === 'profile') await service.profile(actor, c.query.memberId!);
  else await service.storeList(actor, memberStoreFilters.request.parse(c.body));
  out[c.name] = recording;
}
await pool.end();
process.stdout.write(JSON.stringify(out));
