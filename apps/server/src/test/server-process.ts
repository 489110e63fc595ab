import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { SESSION_LIFETIME_MS } from '../modules/auth/session.service.js';
import { newToken, sha256 } from '../modules/auth/token.js';

/** Repository root: the working directory of spawned servers, so `--import tsx` resolves. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const OUTPUT_TAIL_CHARS = 8_000;

/** Every child still running, killed when the test process exits whatever happened. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A port nobody listens on right now (the server's banner needs a real port, so PORT=0 is no option). With
 * TEST_PORT_RANGE (`8600-8699`) the port comes from that range, for machines where each user has its own.
 */
export async function findFreePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? '');
  if (!range) return listenOnce(0);
  const [low, high] = [Number(range[1]), Number(range[2])];
  const start = low + Math.floor(Math.random() * (high - low + 1));
  for (let i = 0; i <= high - low; i += 1) {
    const port = low + ((start - low + i) % (high - low + 1));
    if (
      await listenOnce(port).then(
        () => true,
        () => false,
      )
    )
      return port;
  }
  throw new Error(`no free port in TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}`);
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}

export type ScratchDatabase = { name: string; url: string; drop: () => Promise<void> };

/** A new, empty database on the PostgreSQL server of `adminUrl`; `drop` ends its connections and removes it. */
export async function createScratchDatabase(adminUrl: string, prefix = 'mi'): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** One statement on the admin connection of `adminUrl` (create or drop a database). */
export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A signed-in session written straight into the database: many users without many captcha sign-ins. */
export async function issueSessionToken(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  return token;
}

export type ServerProcess = {
  name: string;
  pid: number;
  port: number;
  baseUrl: string;
  /** Sends a signal and waits until the process is gone. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** SIGTERM (graceful close), SIGKILL if it is still there after `graceMs`. */
  stop: (graceMs?: number) => Promise<void>;
  alive: () => boolean;
  /** The last few kB of its stdout and stderr, for failure messages. */
  output: () => string;
};

export type ServerProcessOptions = {
  name: string;
  /** Added to (and overriding) the defaults: development mode, no demo seed, warn-level logs. */
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** A given port (a replacement instance behind a proxy that knows the old one's); a free one otherwise. */
  port?: number;
};

/** Starts `apps/server/src/server.ts` in its own Node process and waits until /api/health answers. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  const alive = () => child.exitCode === null && child.signalCode === null;

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (!alive()) return;
    child.kill(signal);
    await exited;
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name: options.name,
    pid: child.pid!,
    port,
    baseUrl,
    kill,
    async stop(graceMs = 5_000) {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    alive,
    output: () => output,
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`server ${options.name} exited during start:\n${output}`);
    if (await isHealthy(baseUrl)) return server;
    await delay(100);
  }
  await kill();
  throw new Error(`server ${options.name} did not become healthy in time:\n${output}`);
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type JsonResponse<T = unknown> = { status: number; body: T; elapsedMs: number };

/** POST a JSON body over real HTTP; rejects only when the connection fails (refused, reset, aborted). */
export async function postJson<T = unknown>(
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<JsonResponse<T>> {
  const started = Date.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
    signal,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as T,
    elapsedMs: Date.now() - started,
  };
}

export type PrivateRedis = { url: string; port: number; stop: () => Promise<void> };

/**
 * A throw-away redis-server of this test file alone, on a free port and without persistence: a FLUSHALL here
 * cannot wipe what other test files running at the same time keep in the shared Redis (rate-limit counters).
 */
export async function startPrivateRedis(options: { port?: number } = {}): Promise<PrivateRedis> {
  const port = options.port ?? (await findFreePort());
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  child.once('error', () => undefined);
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const probe = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      break;
    } catch {
      probe.disconnect();
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error('redis-server did not start (is the redis-server binary installed?)');
      await delay(50);
    }
  }
  return {
    url,
    port,
    async stop() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
