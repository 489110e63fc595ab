// Runs the received-orders list and detail of the fulfilment service once per benchmark case against a drizzle
// instance that records every query, and prints them as JSON: the bare handler runs exactly this SQL.
// Usage: tsx bench/orders/capture-sql.ts <databaseUrl> <cases.json>
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.js';
import * as schema from '../../apps/server/src/db/schema.js';
import { createFulfilmentRepository } from '../../apps/server/src/modules/orders/fulfilment/fulfilment.repository.js';
import { createFulfilmentService } from '../../apps/server/src/modules/orders/fulfilment/fulfilment.service.js';
import { areaCatalogue } from '../../apps/server/src/modules/stores/area-tree.js';
import { receivedListBodySchema, orderDetailQuerySchema } from '@console/contract';

type BenchCase = { name: string; kind: 'list' | 'detail'; storeId: number; body: Record<string, unknown> };

const [databaseUrl, casesFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile!, 'utf8')) as BenchCase[];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
let recording: { text: string; values: unknown[] }[] = [];
const db = drizzle({
  client: pool,
  schema,
  logger: { logQuery: (text, values) => recording.push({ text, values }) },
}) as unknown as Database;
const orders = createFulfilmentRepository(db);
const service = createFulfilmentService({ db, clock: () => new Date(), orders, areas: areaCatalogue });

const out: Record<string, { text: string; values: unknown[] }[]> = {};
for (const c of cases) {
  recording = [];
  const actor = { storeId: c.storeId, userId: 0, nickName: '', roles: [] };
  if (c.kind === 'list') await service.list(actor, receivedListBodySchema.parse(c.body));
  else await service.detail(actor, orderDetailQuerySchema.parse(c.body));
  out[c.name] = recording;
}
await pool.end();
process.stdout.write(JSON.stringify(out));
