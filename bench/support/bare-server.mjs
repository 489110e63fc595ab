// The baseline: node:http + pg, no framework, no auth, no validation. Each route runs the captured SQL of one
// benchmark case and answers the rows as JSON: a read case runs all its queries at once; a write case
// (`{ replay: plan }`, bench/support/replay.mjs) runs its queries in order on one connection, for the document
// the request names (`/<case>?id=N`).
// Usage: node bare-server.mjs <port> <databaseUrl> <poolSize> <queries.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { replay } from './replay.mjs';

const [port, databaseUrl, poolSize, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
// A profile (BARE_PROFILE) is written only on a normal exit.
process.on('SIGTERM', () => process.exit(0));
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });

async function answer(steps, url) {
  // A statement the service prepares runs here as the same named statement.
  if (!steps.replay)
    return Promise.all(steps.map((q) => pool.query({ name: q.name, text: q.text, values: q.values })));
  const client = await pool.connect();
  try {
    return await replay(client, steps.replay, { id: Number(url.searchParams.get('id')) });
  } finally {
    client.release();
  }
}

http
  .createServer(async (request, response) => {
    const url = new URL(request.url, 'http://bare');
    const name = url.pathname.slice(1);
    if (name === 'health') return response.end('ok');
    const steps = queries[name];
    if (!steps) {
      response.statusCode = 404;
      return response.end();
    }
    try {
      const results = await answer(steps, url);
      const body = JSON.stringify({ result: 0, data: results.map((r) => r.rows ?? r) });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  })
  .listen(Number(port), '127.0.0.1');
