// The baseline: node:http + pg, no framework, no auth, no validation. Each route runs the captured SQL of one
// benchmark case (all its queries at once) and answers the rows as JSON.
// Usage: node bare-server.mjs <port> <databaseUrl> <poolSize> <queries.json>
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const [port, databaseUrl, poolSize, queriesFile] = process.argv.slice(2);
const queries = JSON.parse(readFileSync(queriesFile, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(poolSize) });

http
  .createServer(async (request, response) => {
    const name = request.url.slice(1);
    if (name === 'health') return response.end('ok');
    const steps = queries[name];
    if (!steps) {
      response.statusCode = 404;
      return response.end();
    }
    try {
      const results = await Promise.all(steps.map((q) => pool.query(q.text, q.values)));
      const body = JSON.stringify({ result: 0, data: results.map((r) => r.rows) });
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  })
  .listen(Number(port), '127.0.0.1');
