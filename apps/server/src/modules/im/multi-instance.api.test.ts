import { randomBytes } from 'node:crypto';
import {
  AUTH_PATHS,
  IM_PATHS,
  SERVICE_TOKEN_HEADER,
  type Broadcast,
  type PublishResult,
} from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { seedBaseData } from '../../db/seed/index.js';
import { imMessages, shopGroups, stores, users, userStores } from '../../db/schema.js';
import { multiInstanceServices } from '../../test/external-services.js';
import { bearer, createUser } from '../../test/fixtures.js';
import {
  createScratchDatabase,
  delay,
  issueSessionToken,
  postJson,
  startPrivateRedis,
  startServerProcess,
  type PrivateRedis,
  type ScratchDatabase,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * Several real server processes on one PostgreSQL and one Redis: cross-instance wake-ups, an instance killed
 * with SIGKILL mid-stream, a Redis FLUSHALL, Redis killed and restarted, a lost wake-up and transactions that commit out of order. Runs in
 * the `server-pg` project when TEST_REDIS_URL is set too; REQUIRE_EXTERNAL_SERVICES turns a missing URL into a
 * failure instead of a skip.
 */
// TEST_REDIS_URL says Redis is available here; the file runs its own redis-server (see `redis` below).
const { enabled, adminUrl } = multiInstanceServices();

const SERVICE_TOKEN = randomBytes(24).toString('hex');
const STORE_CODE = 'MI01';
/** 线上订单 / 您有新的线上订单: a valid pair of the catalogue. */
const KIND = { businessType: 1, messageType: 1 } as const;

type Envelope<T> = { result: number; data: T; errorMsg: string | null; errorCode: string | null };
type Receiver = { id: number; workCode: string; token: string };

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let redisAdmin: Redis;
/** This file's own redis-server: its FLUSHALLs must not wipe the shared Redis other test files use. */
let redis: PrivateRedis;
let storeId: number;

async function newReceiver(): Promise<Receiver> {
  const user = await createUser(database.db);
  const [row] = await database.db
    .select({ workCode: users.workCode })
    .from(users)
    .where(eq(users.id, user.id));
  await database.db.insert(userStores).values({ userId: user.id, storeId });
  return { id: user.id, workCode: row!.workCode!, token: await issueSessionToken(database.db, user.id) };
}

function poll(server: ServerProcess, receiver: Receiver, ackIds: number[], timeoutMs = 30_000) {
  return postJson<Envelope<Broadcast>>(
    `${server.baseUrl}${IM_PATHS.listener}`,
    { receiver: receiver.workCode, storeCode: STORE_CODE, ackIds },
    bearer(receiver.token),
    AbortSignal.timeout(timeoutMs),
  );
}

async function publish(server: ServerProcess, receiver: Receiver, text: string): Promise<number> {
  const response = await postJson<Envelope<PublishResult>>(
    `${server.baseUrl}${IM_PATHS.publish}`,
    { storeCode: STORE_CODE, receivers: [receiver.workCode], ...KIND, text, expandInfo: { id: text } },
    { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
  );
  if (response.status !== 200)
    throw new Error(`publish failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.messageIds[0]!;
}

/** A message row written the way the producer writes it, but with no wake-up sent anywhere. */
async function insertWithoutWake(receiver: Receiver, text: string): Promise<number> {
  const [row] = await database.db
    .insert(imMessages)
    .values({
      storeId,
      receiverId: receiver.id,
      ...KIND,
      title: '您有新的线上订单',
      text,
      expandInfo: { id: text },
      source: 'multi-instance-test',
    })
    .returning({ id: imMessages.id });
  return row!.id;
}

const idsOf = (answer: { body: Envelope<Broadcast> }) => answer.body.data.messageList.map((m) => m.messageId);

async function pendingCount(receiver: Receiver): Promise<number> {
  return database.db.$count(
    imMessages,
    and(eq(imMessages.receiverId, receiver.id), eq(imMessages.status, 0)),
  );
}

/** Two instances sharing the database and Redis, started one after the other (both seed base data). */
async function startPair(name: string, env: Record<string, string>): Promise<[ServerProcess, ServerProcess]> {
  const common = { DATABASE_URL: scratch.url, REDIS_URL: redis.url, SERVICE_TOKEN, ...env };
  // Started side by side: each start is mostly compiling and connecting, independent of the other.
  const [a, b] = await Promise.allSettled([
    startServerProcess({ name: `${name}-A`, env: common }),
    startServerProcess({ name: `${name}-B`, env: common }),
  ]);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  for (const started of [a, b]) if (started.status === 'fulfilled') await started.value.kill();
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
}

/** Holds a poll on `holder`, publishes through `publisher`, answers the wake-up time. */
async function crossInstanceWake(holder: ServerProcess, publisher: ServerProcess, receiver: Receiver) {
  const held = poll(holder, receiver, []);
  await delay(300); // the poll is held before the publish
  const started = Date.now();
  const id = await publish(publisher, receiver, `wake-${started}`);
  const answer = await held;
  const elapsedMs = Date.now() - started;
  expect(answer.status).toBe(200);
  expect(idsOf(answer)).toEqual([id]);
  expect(answer.elapsedMs).toBeGreaterThanOrEqual(300);
  // Acknowledge so the next round starts empty.
  await database.db.update(imMessages).set({ status: 1 }).where(eq(imMessages.id, id));
  return elapsedMs;
}

type StreamOutcome = {
  published: number[];
  seen: Set<number>;
  duplicates: number;
  pollFailures: number;
  /** Publish answered → message seen by the client, per message. */
  latenciesMs: number[];
};

/**
 * The console's loop: poll with the ids of the previous answer as acknowledgement, show each messageId once.
 * `pollTarget` is asked before every poll, like a load balancer that stops sending to a dead instance.
 */
async function runStream(options: {
  receiver: Receiver;
  publishVia: ServerProcess;
  pollTarget: () => ServerProcess;
  total: number;
  intervalMs: number;
  holdMs: number;
  midway: () => Promise<void>;
}): Promise<StreamOutcome> {
  const { receiver, total } = options;
  const outcome: StreamOutcome = {
    published: [],
    seen: new Set(),
    duplicates: 0,
    pollFailures: 0,
    latenciesMs: [],
  };
  const publishedAt = new Map<number, number>();
  let publishing = true;
  const publisher = (async () => {
    try {
      for (let i = 0; i < total; i += 1) {
        if (i === Math.floor(total / 3)) await options.midway();
        const id = await publish(options.publishVia, receiver, `stream-${i + 1}`);
        publishedAt.set(id, Date.now());
        outcome.published.push(id);
        await delay(options.intervalMs);
      }
    } finally {
      publishing = false;
    }
  })();

  let ackIds: number[] = [];
  const deadline = Date.now() + 40_000;
  while ((publishing || outcome.seen.size < outcome.published.length) && Date.now() < deadline) {
    try {
      const answer = await poll(options.pollTarget(), receiver, ackIds, options.holdMs + 5_000);
      if (answer.status !== 200) {
        outcome.pollFailures += 1;
        await delay(100);
        continue;
      }
      const ids = idsOf(answer);
      const now = Date.now();
      for (const id of ids) {
        if (outcome.seen.has(id)) {
          outcome.duplicates += 1;
          continue;
        }
        outcome.seen.add(id);
        const at = publishedAt.get(id);
        if (at !== undefined) outcome.latenciesMs.push(now - at);
      }
      ackIds = ids;
    } catch {
      // Connection refused or reset: the instance is gone; the next poll goes elsewhere.
      outcome.pollFailures += 1;
      await delay(100);
    }
  }
  await publisher;
  // The acknowledgement of the last answer; nothing else waits, so this poll is held and answers empty.
  const last = await poll(options.pollTarget(), receiver, ackIds, options.holdMs + 5_000);
  expect(last.status).toBe(200);
  expect(idsOf(last)).toEqual([]);
  return outcome;
}

describe.skipIf(!enabled)('message center on several instances (PostgreSQL + Redis)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!);
    database = await openDatabase({ databaseUrl: scratch.url }, 3);
    await migrateDatabase(database);
    await seedBaseData(database.db);
    const [group] = await database.db
      .insert(shopGroups)
      .values({ frontTitle: '多实例测试区' })
      .returning({ id: shopGroups.id });
    const [store] = await database.db
      .insert(stores)
      .values({
        shopCode: STORE_CODE,
        shopName: '多实例店',
        businessScopeName: '多实例店',
        shopGroupId: group!.id,
      })
      .returning({ id: stores.id });
    storeId = store!.id;
    redis = await startPrivateRedis();
    redisAdmin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    redisAdmin?.disconnect();
    await redis?.stop();
    await database?.close();
    await scratch?.drop();
  });

  describe('wake-ups through Redis only (the sweeper runs once a minute)', () => {
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      [a, b] = await startPair('redis', { LONGPOLL_HOLD_MS: '20000', LONGPOLL_SWEEP_MS: '60000' });
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('a message published through B reaches a poll held on A within 1 second, and the other way round', async () => {
      const receiver = await newReceiver();
      const timings: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        timings.push(await crossInstanceWake(a, b, receiver));
        timings.push(await crossInstanceWake(b, a, receiver));
      }
      for (const ms of timings) expect(ms).toBeLessThan(1_000);
    });

    it('a sign-out on one instance ends the session cached by the other within 1 second', async () => {
      const receiver = await newReceiver();
      const info = (server: ServerProcess) =>
        fetch(`${server.baseUrl}${AUTH_PATHS.info}`, { headers: bearer(receiver.token) }).then(
          (r) => r.status,
        );
      expect(await info(b)).toBe(200); // B now holds the sign-in in its cache (AUTH_CACHE_TTL_MS 5 s)
      const out = await fetch(`${a.baseUrl}${AUTH_PATHS.logout}`, {
        method: 'DELETE',
        headers: bearer(receiver.token),
      });
      expect(out.status).toBe(200);
      const started = Date.now();
      while ((await info(b)) !== 401) {
        expect(Date.now() - started).toBeLessThan(1_000);
        await delay(20);
      }
    });

    it('after a Redis FLUSHALL the wake-ups still cross instances within 1 second', async () => {
      const receiver = await newReceiver();
      expect(await redisAdmin.flushall()).toBe('OK');
      expect(await crossInstanceWake(a, b, receiver)).toBeLessThan(1_000);
      expect(await crossInstanceWake(b, a, receiver)).toBeLessThan(1_000);
    });
  });

  describe('Redis killed and restarted: only the wake-up latency changes', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    /** A Redis of this block alone, killed and started again on the same port. */
    let flaky: PrivateRedis;
    const SWEEP_MS = 4_000;

    beforeAll(async () => {
      flaky = await startPrivateRedis();
      [a, b] = await startPair('redis-restart', {
        REDIS_URL: flaky.url,
        LONGPOLL_HOLD_MS: '20000',
        LONGPOLL_SWEEP_MS: String(SWEEP_MS),
      });
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await flaky?.stop();
    });

    it('delivers through the database sweep while Redis is gone, and wakes at once again after it is back', async () => {
      const receiver = await newReceiver();
      expect(await crossInstanceWake(a, b, receiver)).toBeLessThan(1_000);

      await flaky.stop();
      // Without Redis a publish still succeeds and the poll held on the other instance gets it from its sweep.
      for (const [holder, publisher] of [
        [a, b],
        [b, a],
      ] as const)
        expect(await crossInstanceWake(holder, publisher, receiver)).toBeLessThan(SWEEP_MS + 1_500);

      flaky = await startPrivateRedis({ port: flaky.port });
      // Both instances reconnect and subscribe again by themselves. Then wake-ups cross at once: three in a row
      // under 400 ms, which the 4 s sweep alone would give about once in a thousand tries.
      const backBy = Date.now() + 20_000;
      let streak = 0;
      while (streak < 3 && Date.now() < backBy) {
        const ms = await crossInstanceWake(streak % 2 ? a : b, streak % 2 ? b : a, receiver);
        streak = ms < 400 ? streak + 1 : 0;
      }
      expect(streak).toBe(3);
      expect(a.alive() && b.alive()).toBe(true);
    });
  });

  describe('with Redis stopped: a sign-out travels through PostgreSQL', () => {
    let a: ServerProcess;
    let b: ServerProcess;
    /** A Redis of this block alone, stopped once both instances run. */
    let doomed: PrivateRedis;

    beforeAll(async () => {
      doomed = await startPrivateRedis();
      [a, b] = await startPair('no-redis', {
        REDIS_URL: doomed.url,
        LONGPOLL_HOLD_MS: '20000',
        LONGPOLL_SWEEP_MS: '60000',
      });
      await doomed.stop();
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('a sign-out on A refuses the token on B within 1 second and ends the poll B holds for it', async () => {
      const receiver = await newReceiver();
      const info = (server: ServerProcess) =>
        fetch(`${server.baseUrl}${AUTH_PATHS.info}`, { headers: bearer(receiver.token) }).then(
          (r) => r.status,
        );
      expect(await info(b)).toBe(200); // B caches the sign-in (AUTH_CACHE_TTL_MS 5 s)
      const held = poll(b, receiver, []);
      await delay(300); // held on B
      const out = await fetch(`${a.baseUrl}${AUTH_PATHS.logout}`, {
        method: 'DELETE',
        headers: bearer(receiver.token),
      });
      expect(out.status).toBe(200);
      const started = Date.now();
      const ended = await held;
      expect(ended.status).toBe(401);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await info(b)).toBe(401);
      expect(Date.now() - started).toBeLessThan(1_000);
    });
  });

  describe('the database is the truth (sweeper every 250 ms)', () => {
    const SWEEP_MS = 250;
    const HOLD_MS = 3_000;
    /** Scheduling slack on a busy two-core machine. */
    const MARGIN_MS = 1_500;
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      [a, b] = await startPair('sweep', {
        LONGPOLL_HOLD_MS: String(HOLD_MS),
        LONGPOLL_SWEEP_MS: String(SWEEP_MS),
      });
    });

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
    });

    it('a lost wake-up (a row committed with no wake sent anywhere) still reaches a poll held on another instance', async () => {
      const receiver = await newReceiver();
      const held = poll(a, receiver, []);
      await delay(300);
      const started = Date.now();
      const id = await insertWithoutWake(receiver, 'no-wake');
      const answer = await held;
      expect(idsOf(answer)).toEqual([id]);
      expect(Date.now() - started).toBeLessThan(SWEEP_MS + MARGIN_MS);
    });

    it('transactions that commit out of order: the earlier id committed last is still delivered', async () => {
      const receiver = await newReceiver();
      const late = new pg.Client({ connectionString: scratch.url });
      await late.connect();
      try {
        await late.query('begin');
        const inserted = await late.query<{ id: string }>(
          `insert into im_messages (store_id, receiver_id, business_type, message_type, title, text, source)
           values ($1, $2, $3, $4, '您有新的线上订单', 'committed-late', 'multi-instance-test') returning id`,
          [storeId, receiver.id, KIND.businessType, KIND.messageType],
        );
        const lateId = Number(inserted.rows[0]!.id);

        const earlyId = await publish(b, receiver, 'committed-early');
        expect(lateId).toBeLessThan(earlyId);
        const first = await poll(a, receiver, []);
        expect(idsOf(first)).toEqual([earlyId]);

        // Acknowledge the early one; nothing else is visible yet, so the poll is held.
        const held = poll(a, receiver, [earlyId]);
        await delay(300);
        await late.query('commit');
        const committedAt = Date.now();
        const second = await held;
        expect(idsOf(second)).toEqual([lateId]);
        expect(Date.now() - committedAt).toBeLessThan(SWEEP_MS + MARGIN_MS);
      } finally {
        await late.end();
      }
    });

    it('Redis FLUSHALL mid-stream: nothing lost, each message shown once, none left unacknowledged', async () => {
      const receiver = await newReceiver();
      const total = 30;
      const outcome = await runStream({
        receiver,
        publishVia: b,
        pollTarget: () => a,
        total,
        intervalMs: 40,
        holdMs: HOLD_MS,
        midway: async () => {
          expect(await redisAdmin.flushall()).toBe('OK');
        },
      });
      expect(outcome.published).toHaveLength(total);
      expect([...outcome.seen].sort((x, y) => x - y)).toEqual([...outcome.published].sort((x, y) => x - y));
      expect(Math.max(...outcome.latenciesMs)).toBeLessThan(SWEEP_MS + MARGIN_MS);
      expect(await pendingCount(receiver)).toBe(0);
    });

    it('an answer lost with a SIGKILLed instance is answered again by the other one until acknowledged', async () => {
      const receiver = await newReceiver();
      const doomed = await startServerProcess({
        name: 'sweep-doomed',
        env: {
          DATABASE_URL: scratch.url,
          REDIS_URL: redis.url,
          SERVICE_TOKEN,
          LONGPOLL_HOLD_MS: String(HOLD_MS),
          LONGPOLL_SWEEP_MS: String(SWEEP_MS),
        },
      });
      try {
        const id = await publish(b, receiver, 'lost-answer');
        // The doomed instance answers, then dies before the client took the answer in (never shown, never acked).
        expect(idsOf(await poll(doomed, receiver, []))).toEqual([id]);
        await doomed.kill('SIGKILL');
        expect(idsOf(await poll(b, receiver, []))).toEqual([id]);
        expect(await pendingCount(receiver)).toBe(1);
        // Acknowledged now: the poll holds (nothing else waits) and answers empty after the hold time.
        expect(idsOf(await poll(b, receiver, [id]))).toEqual([]);
        expect(await pendingCount(receiver)).toBe(0);
      } finally {
        await doomed.kill('SIGKILL');
      }
    });

    // Last in this block: it kills A.
    it('SIGKILL of the polled instance mid-stream: the client moves to B, nothing is lost, nothing shown twice', async () => {
      const receiver = await newReceiver();
      const total = 60;
      const outcome = await runStream({
        receiver,
        publishVia: b,
        pollTarget: () => (a.alive() ? a : b),
        total,
        intervalMs: 50,
        holdMs: HOLD_MS,
        midway: () => a.kill('SIGKILL'),
      });
      expect(a.alive()).toBe(false);
      expect(outcome.pollFailures).toBeGreaterThan(0); // the poll held on A really broke
      expect(outcome.published).toHaveLength(total);
      // At-least-once delivery: every published id arrived; exactly-once display: one card per id.
      expect([...outcome.seen].sort((x, y) => x - y)).toEqual([...outcome.published].sort((x, y) => x - y));
      expect(outcome.seen.size).toBe(total);
      expect(await pendingCount(receiver)).toBe(0);
    });
  });
});
