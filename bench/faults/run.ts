/**
 * Faults benchmark (issue 16): two server processes on a PostgreSQL scratch database and a Redis of their own,
 * behind the deployment's nginx (deploy/), consoles long-polling the message center through nginx, messages
 * published at a steady rate through both instances, and one fault per phase. Prints, per phase: published,
 * received, lost, shown twice, failed polls and the publish → delivery delay.
 *
 *   npm run bench:faults            (PostgreSQL at BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/postgres)
 *   npm run bench:faults -- --consoles 100 --rate 16 --phase-seconds 14
 *
 * The consoles behave as the web console does: poll with the previous answer's ids as acknowledgement, show each
 * message id once, and wait 60 s after a failed poll (spec 4.6/9), so a failure nginx lets through shows as a
 * minute of delay. Publishes carry an Idempotency-Key and are retried with it on 503, 429 or a lost reply, as an
 * upstream system should. Needs Debian's nginx (`apt-get install nginx-light`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  IDEMPOTENCY_KEY_HEADER,
  IM_PATHS,
  SERVICE_TOKEN_HEADER,
  type Broadcast,
  type PublishResult,
} from '@console/contract';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrateDatabase } from '../../apps/server/src/db/migrate.js';
import { seedBaseData } from '../../apps/server/src/db/seed/index.js';
import { shopGroups, stores, users, userStores } from '../../apps/server/src/db/schema.js';
import { bearer, createUser } from '../../apps/server/src/test/fixtures.js';
import {
  createScratchDatabase,
  delay,
  findFreePort,
  issueSessionToken,
  postJson,
  startServerProcess,
  type ServerProcess,
} from '../../apps/server/src/test/server-process.js';
import { startNginx } from '../../apps/server/src/test/nginx-process.js';
import { startTcpProxy } from '../../apps/server/src/test/tcp-proxy.js';

const { values: args } = parseArgs({
  options: {
    consoles: { type: 'string', default: '60' },
    rate: { type: 'string', default: '16' },
    'phase-seconds': { type: 'string', default: '14' },
  },
});
const CONSOLES = Number(args.consoles);
const RATE_PER_SECOND = Number(args.rate);
const PHASE_MS = Number(args['phase-seconds']) * 1000;
const DRAIN_MS = 15_000;
const HOLD_MS = 20_000;
/** What the console waits after a failed poll (spec 4.6/9). */
const CONSOLE_RETRY_MS = 60_000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const SERVICE_TOKEN = randomBytes(24).toString('hex');
const STORE_CODE = 'FB01';
const KIND = { businessType: 1, messageType: 1 } as const;

type Envelope<T> = { data: T };
type Console = { id: number; workCode: string; token: string };

/** A redis-server on a fixed port, so that a restart comes back where the instances reconnect. */
function redisServer(port: number) {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100; i += 1) {
        const probe = new Redis(this.url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        probe.on('error', () => undefined);
        const up = await probe.connect().then(
          () => probe.ping().then(() => true),
          () => false,
        );
        probe.disconnect();
        if (up) return;
        await delay(50);
      }
      throw new Error('redis-server did not start');
    },
    async kill() {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child?.kill('SIGKILL');
      await exited;
    },
  };
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, 'faults');
  const database = await openDatabase({ databaseUrl: scratch.url }, 3);
  await migrateDatabase(database);
  await seedBaseData(database.db);
  const [group] = await database.db.insert(shopGroups).values({ frontTitle: '故障测试区' }).returning();
  const [store] = await database.db
    .insert(stores)
    .values({
      shopCode: STORE_CODE,
      shopName: '故障测试店',
      businessScopeName: '故障测试店',
      shopGroupId: group!.id,
    })
    .returning();
  const consoles: Console[] = [];
  for (let i = 0; i < CONSOLES; i += 1) {
    const user = await createUser(database.db);
    const [row] = await database.db
      .select({ workCode: users.workCode })
      .from(users)
      .where(eq(users.id, user.id));
    await database.db.insert(userStores).values({ userId: user.id, storeId: store!.id });
    consoles.push({
      id: user.id,
      workCode: row!.workCode!,
      token: await issueSessionToken(database.db, user.id),
    });
  }

  // The instances reach PostgreSQL through a proxy the bench can cut, and Redis on a port it can restart.
  const direct = new URL(scratch.url);
  const pgProxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(scratch.url);
  proxied.host = `127.0.0.1:${pgProxy.port}`;
  const redis = redisServer(await findFreePort());
  await redis.start();
  const redisAdmin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  redisAdmin.on('error', () => undefined);
  const env = {
    DATABASE_URL: proxied.toString(),
    REDIS_URL: redis.url,
    SERVICE_TOKEN,
    LONGPOLL_HOLD_MS: String(HOLD_MS),
    // nginx's X-Forwarded-* and its hold stamp are trusted from loopback only.
    TRUST_PROXY: '127.0.0.1',
  };
  const servers: (ServerProcess | null)[] = await Promise.all([
    startServerProcess({ name: 'A', env }),
    startServerProcess({ name: 'B', env }),
  ]);
  const live = () => servers.filter((s): s is ServerProcess => s !== null && s.alive());
  const nginx = await startNginx({
    upstreams: servers.map((server) => `127.0.0.1:${server!.port}`),
    holdMs: HOLD_MS,
  });

  // Per phase: when each message was first published, and how often each id was delivered.
  let phase = {
    name: '',
    publishedAt: new Map<string, number>(),
    accepted: new Set<string>(),
    failed: 0,
    failedPolls: 0,
    delays: [] as number[],
    deliveries: new Map<string, number>(),
  };
  let stopping = false;
  /** The console's wait after a failed poll, cut short when the bench ends. */
  const retryLater = async () => {
    phase.failedPolls += 1;
    for (let waited = 0; waited < CONSOLE_RETRY_MS && !stopping; waited += 250) await delay(250);
  };

  const consoleLoop = async (c: Console) => {
    let ackIds: number[] = [];
    while (!stopping) {
      try {
        const answer = await postJson<Envelope<Broadcast>>(
          `${nginx.baseUrl}${IM_PATHS.listener}`,
          { receiver: c.workCode, storeCode: STORE_CODE, ackIds },
          bearer(c.token),
          AbortSignal.timeout(HOLD_MS + 10_000),
        );
        if (answer.status !== 200) {
          await retryLater();
          continue;
        }
        const now = Date.now();
        const list = answer.body.data.messageList;
        for (const message of list) {
          const key = message.messageContent.text;
          phase.deliveries.set(key, (phase.deliveries.get(key) ?? 0) + 1);
          const at = phase.publishedAt.get(key);
          if (at !== undefined && phase.deliveries.get(key) === 1) phase.delays.push(now - at);
        }
        ackIds = list.map((m) => m.messageId);
      } catch {
        await retryLater();
      }
    }
  };
  const loops = consoles.map(consoleLoop);

  /** Publishes `key` to one console through a live instance, retrying with the same key until it is accepted. */
  const publishOne = async (c: Console, key: string, viaIndex: number) => {
    phase.publishedAt.set(key, Date.now());
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const all = live();
      const via = all[(viaIndex + attempt) % all.length]!;
      try {
        const response = await postJson<Envelope<PublishResult>>(
          `${via.baseUrl}${IM_PATHS.publish}`,
          { storeCode: STORE_CODE, receivers: [c.workCode], ...KIND, text: key },
          { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN, [IDEMPOTENCY_KEY_HEADER]: key },
          AbortSignal.timeout(5_000),
        );
        if (response.status === 200) {
          phase.accepted.add(key);
          return;
        }
      } catch {
        // A lost reply: retried with the same key, so it cannot create a second message.
      }
      await delay(500);
    }
    phase.failed += 1;
  };

  const runPhase = async (name: string, fault: (elapsed: () => number) => Promise<string>) => {
    phase = {
      name,
      publishedAt: new Map(),
      accepted: new Set(),
      failed: 0,
      failedPolls: 0,
      delays: [],
      deliveries: new Map(),
    };
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    const publishes: Promise<void>[] = [];
    const faultRun = fault(elapsed);
    for (let seq = 0; elapsed() < PHASE_MS; seq += 1) {
      const c = consoles[seq % consoles.length]!;
      // Publishes alternate between the instances; nginx spreads the polls, so many wake-ups cross instances.
      publishes.push(publishOne(c, `${name}-${seq}`, seq >> 1));
      await delay(1000 / RATE_PER_SECOND);
    }
    const what = await faultRun;
    await Promise.all(publishes);
    const drainUntil = Date.now() + DRAIN_MS;
    while (Date.now() < drainUntil && [...phase.accepted].some((k) => !phase.deliveries.has(k)))
      await delay(100);
    const received = [...phase.accepted].filter((k) => phase.deliveries.has(k)).length;
    const twice = [...phase.deliveries.values()].filter((n) => n > 1).length;
    return {
      phase: name,
      fault: what,
      published: phase.accepted.size,
      notAccepted: phase.failed,
      failedPolls: phase.failedPolls,
      received,
      lost: phase.accepted.size - received,
      shownTwice: twice,
      delayP50Ms: percentile(phase.delays, 0.5),
      delayP99Ms: percentile(phase.delays, 0.99),
      delayMaxMs: Math.max(0, ...phase.delays),
    };
  };

  const at = async (elapsed: () => number, ms: number) => delay(Math.max(0, ms - elapsed()));
  const results = [];
  await delay(1_500); // every console holds a poll
  results.push(await runPhase('baseline', async () => 'none'));
  results.push(
    await runPhase('kill', async (elapsed) => {
      await at(elapsed, 4_000);
      await servers[1]!.kill('SIGKILL');
      await at(elapsed, 8_000);
      servers[1] = await startServerProcess({ name: 'B2', env, port: servers[1]!.port });
      return 'kill -9 of B at 4 s, B again at 8 s';
    }),
  );
  results.push(
    await runPhase('redis-pause', async (elapsed) => {
      await at(elapsed, 3_000);
      await redisAdmin.call('CLIENT', 'PAUSE', '8000', 'ALL');
      return 'Redis CLIENT PAUSE 8 s at 3 s';
    }),
  );
  results.push(
    await runPhase('redis-restart', async (elapsed) => {
      await at(elapsed, 3_000);
      await redis.kill();
      await at(elapsed, 6_000);
      await redis.start();
      return 'Redis killed at 3 s, started empty at 6 s';
    }),
  );
  results.push(
    await runPhase('db-outage', async (elapsed) => {
      await at(elapsed, 3_000);
      await pgProxy.cut();
      await at(elapsed, 8_000);
      await pgProxy.restore();
      return 'PostgreSQL unreachable from 3 s to 8 s';
    }),
  );

  stopping = true;
  await Promise.all(live().map((s) => s.stop()));
  await nginx.stop();
  await Promise.allSettled(loops);
  redisAdmin.disconnect();
  await redis.kill();
  await pgProxy.close();
  await database.close();
  await scratch.drop();

  console.log(
    `consoles ${CONSOLES}, ${RATE_PER_SECOND} publishes/s, ${PHASE_MS / 1000} s per phase, hold ${HOLD_MS / 1000} s`,
  );
  console.table(results);
  console.log(JSON.stringify(results));
  process.exit(results.every((r) => r.lost === 0 && r.shownTwice === 0 && r.failedPolls === 0) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
