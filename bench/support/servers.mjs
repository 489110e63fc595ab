// What the scale benchmarks share: free ports, our server on a database, the bare node:http + pg baseline.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { profileArgs } from './results-file.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BARE_SERVER = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort() {
  const probe = net.createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function waitHealthy(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  throw new Error(`${url} never answered`);
}

/** Our server (migrating the database on start), without demo data or demo traffic. */
export async function startOurs(databaseUrl) {
  const port = await freePort();
  // BENCH_PROFILE=<dir>: a V8 CPU profile of our server, written there when it stops.
  const profile = profileArgs('BENCH_PROFILE');
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      DEMO_TRAFFIC_INTERVAL: '0',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SERVICE_TOKEN: randomBytes(24).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitHealthy(`http://127.0.0.1:${port}/api/health`, child);
  return { child, port };
}

/** The baseline (bench/support/bare-server.mjs) running the captured queries of `queriesFile` per case name. */
export async function startBare(databaseUrl, poolSize, queriesFile) {
  const port = await freePort();
  // BARE_PROFILE=<dir>: the same CPU profile of the baseline, to compare with ours.
  const child = fork(BARE_SERVER, [String(port), databaseUrl, String(poolSize), queriesFile], {
    execArgv: profileArgs('BARE_PROFILE'),
    stdio: 'inherit',
  });
  await waitHealthy(`http://127.0.0.1:${port}/health`, child);
  return { child, port };
}
