#!/usr/bin/env node
// `npm run deploy:demo`: the deployment on this machine, for a demo — N console instances on PostgreSQL (and
// Redis when it answers) behind nginx (deploy/nginx/console.conf.template).
//
//   npm run deploy:demo -- [--instances 2] [--port 8080]
//
// DATABASE_URL (default postgres://root@127.0.0.1:5432/console_demo, created when missing) and REDIS_URL
// (default redis://127.0.0.1:6379/0 when it answers) come from the environment. Instances listen on
// 127.0.0.1 at port+1…port+N; nginx at port. Demo mode is on (demo accounts, /dev helpers), so the database must
// be on this machine. Ctrl-C stops everything gracefully. Try `kill -9 <instance pid>` while a console is open.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, ensureWebBuild, root } from '../scripts/lib.mjs';
import { nginxArgs, writeNginxConfig } from './render-nginx.mjs';

const NGINX = '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 120_000;
/** How often the script asks each instance's readiness (what an orchestrator would do). */
const READINESS_PROBE_MS = 2_000;

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
  },
});
const count = Number(values.instances);
const port = Number(values.port);
if (!Number.isInteger(count) || count < 1 || count > 16) fail('--instances: 1 to 16');
if (!Number.isInteger(port) || port < 1 || port + count > 65_535) fail('--port: a free port');
if (!existsSync(NGINX)) fail(`${NGINX} is missing: apt-get install nginx-light`);

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/console_demo';
const children = new Set();
let stopping = false;

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the database of DATABASE_URL when it does not exist (through the server's `postgres` database). */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`DATABASE_URL: database name ${name} (lower case, digits, _)`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // Imported here: `pg` exists only once ensureDependencies() has installed the workspace.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    fail(`PostgreSQL at ${admin.host} does not answer (${error.message})`);
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${name}`);
      console.log(`Created database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

/** REDIS_URL, or the local Redis when it answers PING, or none (one instance's wake-ups stay local then). */
async function redisUrl() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const answers = await new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
  return answers ? 'redis://127.0.0.1:6379/0' : null;
}

function startInstance(index, instancePort, redis) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(redis ? { REDIS_URL: redis } : {}),
      DEMO_MODE: 'true',
      SEED_DEMO: 'true',
      // X-Forwarded-* count only from nginx on this machine.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const name = `instance ${index + 1} :${instancePort}`;
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => `[${name}] ${line}`)
      .join('\n');
  child.stdout.on('data', (chunk) => console.log(prefix(chunk)));
  child.stderr.on('data', (chunk) => console.error(prefix(chunk)));
  child.once('exit', (code, signal) => {
    children.delete(child);
    if (!stopping)
      console.warn(`[${name}] exited (${signal ?? `code ${code}`}); nginx sends its traffic elsewhere`);
  });
  children.add(child);
  return { name, port: instancePort, child };
}

async function ready(instancePort) {
  try {
    const response = await fetch(`http://127.0.0.1:${instancePort}/api/health/ready`, {
      signal: AbortSignal.timeout(1_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitReady(instance) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await ready(instance.port))) {
    if (instance.child.exitCode !== null) fail(`${instance.name} exited during start`);
    if (Date.now() > deadline) fail(`${instance.name} not ready after ${READY_TIMEOUT_MS / 1000} s`);
    await delay(250);
  }
}

async function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the instances gracefully, then nginx…`);
  const exits = [...children].map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) child.kill(child === nginxChild ? 'SIGQUIT' : 'SIGTERM');
  const forced = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 15_000);
  await Promise.all(exits);
  clearTimeout(forced);
  process.exit(0);
}

let nginxChild = null;
process.once('SIGINT', () => void stopAll('SIGINT'));
process.once('SIGTERM', () => void stopAll('SIGTERM'));

ensureDependencies();
ensureWebBuild();
await ensureDatabase(databaseUrl);
const redis = await redisUrl();
if (!redis && count > 1) console.warn('No Redis: wake-ups cross instances only through the 1 s sweeper.');

// The first instance migrates and seeds alone; the others start once it is ready.
const instancePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
const instances = [startInstance(0, instancePorts[0], redis)];
await waitReady(instances[0]);
for (let i = 1; i < count; i += 1) instances.push(startInstance(i, instancePorts[i], redis));
await Promise.all(instances.slice(1).map(waitReady));

const prefix = path.join(tmpdir(), `console-deploy-${port}`);
writeNginxConfig({ listen: port, upstreams: instancePorts.map((p) => `127.0.0.1:${p}`), prefix });
nginxChild = spawn(NGINX, nginxArgs(prefix), { stdio: 'inherit' });
children.add(nginxChild);
nginxChild.once('exit', (code) => {
  children.delete(nginxChild);
  if (!stopping) fail(`nginx exited (code ${code}); see ${prefix}/error.log`);
});

console.log(
  [
    '',
    `门店运营云平台 behind nginx: http://localhost:${port}  (nginx files in ${prefix})`,
    ...instances.map((instance) => `  ${instance.name}  pid ${instance.child.pid}`),
    `Database ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}, Redis ${redis ?? 'none'}.`,
    'Demo accounts as with npm start (README). Try kill -9 <pid> of an instance: open consoles keep working.',
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);

// What an orchestrator would do with readiness: here the changes are only reported (nginx cannot read it).
const lastReady = new Map(instances.map((instance) => [instance.port, true]));
setInterval(async () => {
  for (const instance of instances) {
    const now = await ready(instance.port);
    if (now !== lastReady.get(instance.port) && !stopping)
      console.log(`[${instance.name}] readiness: ${now ? 'ready' : 'NOT ready'}`);
    lastReady.set(instance.port, now);
  }
}, READINESS_PROBE_MS).unref();
