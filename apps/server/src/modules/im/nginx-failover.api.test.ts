import { randomBytes } from 'node:crypto';
import { IM_PATHS, SERVICE_TOKEN_HEADER, type Broadcast, type PublishResult } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
import { migrateDatabase } from '../../db/migrate.js';
import { seedBaseData } from '../../db/seed/index.js';
import { shopGroups, stores, users, userStores } from '../../db/schema.js';
import { multiInstanceServices, testRedisUrl } from '../../test/external-services.js';
import { startConsole } from '../../test/console-loop.js';
import { bearer, createUser } from '../../test/fixtures.js';
import { nginxInstalled, NGINX_BINARY, startNginx, type NginxProcess } from '../../test/nginx-process.js';
import {
  createScratchDatabase,
  delay,
  issueSessionToken,
  postJson,
  startServerProcess,
  type ScratchDatabase,
  type ServerProcess,
} from '../../test/server-process.js';

/**
 * Issue 16.3: losing an instance is invisible to the consoles behind the deployment's nginx
 * (deploy/nginx/console.conf.template). Consoles long-poll through nginx; one instance is killed (SIGKILL) or
 * stopped (SIGTERM); every console gets its next message within 5 s and never sees a failed poll (after which
 * the real console would wait 60 s), and no message is shown twice. Runs in `server-pg` with PostgreSQL and
 * Redis; without /usr/sbin/nginx it is skipped, or fails under REQUIRE_EXTERNAL_SERVICES.
 */
const { enabled, adminUrl } = multiInstanceServices();
const hasNginx = nginxInstalled();
if (enabled && !hasNginx && !process.env.REQUIRE_EXTERNAL_SERVICES)
  console.warn(`nginx-failover: skipped, ${NGINX_BINARY} is missing (apt-get install nginx-light)`);

const SERVICE_TOKEN = randomBytes(24).toString('hex');
const STORE_CODE = 'NF01';
const CONSOLES = 20;
/** Short, so that the replayed poll's hold (counted from nginx's stamp) is measured in little wall time. */
const HOLD_MS = 8_000;
/** The issue's bound: the next message within 5 s of losing the instance. */
const NEXT_MESSAGE_BOUND_MS = 5_000;
const KIND = { businessType: 1, messageType: 1 } as const;

type Envelope<T> = { result: number; data: T; errorMsg: string | null; errorCode: string | null };
type Receiver = { id: number; workCode: string; token: string };

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let storeId: number;
let receivers: Receiver[];

async function newReceiver(): Promise<Receiver> {
  const user = await createUser(database.db);
  const [row] = await database.db
    .select({ workCode: users.workCode })
    .from(users)
    .where(eq(users.id, user.id));
  await database.db.insert(userStores).values({ userId: user.id, storeId });
  return { id: user.id, workCode: row!.workCode!, token: await issueSessionToken(database.db, user.id) };
}

async function publish(nginx: NginxProcess, receiver: Receiver, text: string): Promise<number> {
  const response = await fetch(`${nginx.baseUrl}${IM_PATHS.publish}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN },
    body: JSON.stringify({
      storeCode: STORE_CODE,
      receivers: [receiver.workCode],
      ...KIND,
      text,
      expandInfo: { id: text },
    }),
  });
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(
      `publish failed: ${response.status}\nnginx: ${nginx.errorLog().slice(-1_500)}\n${nginx.accessLog().slice(-6_000)}`,
    );
  return (JSON.parse(body) as Envelope<PublishResult>).data.messageIds[0]!;
}

function instanceEnv(): Record<string, string> {
  return {
    DATABASE_URL: scratch.url,
    REDIS_URL: testRedisUrl()!,
    SERVICE_TOKEN,
    LONGPOLL_HOLD_MS: String(HOLD_MS),
    TRUST_PROXY: '127.0.0.1',
  };
}

/**
 * Consoles held through nginx, `lose` takes an instance away, then one message per console is published
 * through nginx. Answers how long each console waited for its message, counted from the loss.
 */
async function loseInstanceUnderLoad(nginx: NginxProcess, lose: () => Promise<void>) {
  const consoles = receivers.map((receiver) => startConsole(nginx.baseUrl, STORE_CODE, receiver));
  try {
    // Every console's poll held (about half on each instance) before the loss.
    await delay(1_500);
    const lostAt = Date.now();
    await lose();
    const published = await Promise.all(
      consoles.map((c, i) => publish(nginx, c.receiver, `after-loss-${lostAt}-${i}`)),
    );
    const deadline = lostAt + NEXT_MESSAGE_BOUND_MS + 5_000;
    while (consoles.some((c, i) => !c.shown.has(published[i]!)) && Date.now() < deadline) await delay(20);
    const waitedMs = consoles.map((c, i) => (c.shown.get(published[i]!) ?? Infinity) - lostAt);
    // One more round trip so each console acknowledges what it showed (nothing is shown twice meanwhile).
    await delay(300);
    return { consoles, published, waitedMs };
  } finally {
    await Promise.all(consoles.map((c) => c.stop()));
  }
}

function expectInvisibleLoss(outcome: Awaited<ReturnType<typeof loseInstanceUnderLoad>>) {
  const { consoles, published, waitedMs } = outcome;
  console.info(
    `nginx-failover: next message after the loss, per console: max ${Math.max(...waitedMs)} ms, ` +
      `median ${[...waitedMs].sort((a, b) => a - b)[Math.floor(waitedMs.length / 2)]} ms`,
  );
  expect(consoles.flatMap((c) => c.failures)).toEqual([]);
  for (const ms of waitedMs) expect(ms).toBeLessThan(NEXT_MESSAGE_BOUND_MS);
  for (const [i, c] of consoles.entries()) {
    expect(c.duplicates).toBe(0);
    expect([...c.shown.keys()]).toEqual([published[i]]);
  }
}

describe.skipIf(!enabled || hasNginx || !process.env.REQUIRE_EXTERNAL_SERVICES)('nginx', () => {
  it('is installed (REQUIRE_EXTERNAL_SERVICES)', () => {
    throw new Error(`${NGINX_BINARY} is missing: apt-get install nginx-light (.ci/run does it)`);
  });
});

describe.skipIf(!enabled || !hasNginx)('an instance lost behind nginx (PostgreSQL + Redis)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let nginx: NginxProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase(adminUrl!, 'nf');
    database = await openDatabase({ databaseUrl: scratch.url }, 3);
    await migrateDatabase(database);
    await seedBaseData(database.db);
    const [group] = await database.db
      .insert(shopGroups)
      .values({ frontTitle: '故障转移测试区' })
      .returning({ id: shopGroups.id });
    const [store] = await database.db
      .insert(stores)
      .values({
        shopCode: STORE_CODE,
        shopName: '故障转移店',
        businessScopeName: '故障转移店',
        shopGroupId: group!.id,
      })
      .returning({ id: stores.id });
    storeId = store!.id;
    receivers = [];
    for (let i = 0; i < CONSOLES; i += 1) receivers.push(await newReceiver());
    const started = await Promise.allSettled([
      startServerProcess({ name: 'nginx-A', env: instanceEnv() }),
      startServerProcess({ name: 'nginx-B', env: instanceEnv() }),
    ]);
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    [a, b] = started.map((s) => (s as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
    nginx = await startNginx({
      upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      holdMs: HOLD_MS,
      failTimeout: '2s',
    });
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([a?.kill(), b?.kill()]);
    await database?.close();
    await scratch?.drop();
  });

  it('SIGTERM of one instance: every console gets its next message within 5 s, no failed poll', async () => {
    let stopMs = 0;
    const outcome = await loseInstanceUnderLoad(nginx, async () => {
      const started = Date.now();
      await b.stop(10_000);
      stopMs = Date.now() - started;
    });
    expectInvisibleLoss(outcome);
    // Held polls are answered at once, not after the hold: the stop takes no hold time.
    expect(stopMs).toBeLessThan(5_000);
    console.info(`nginx-failover: SIGTERM stop took ${stopMs} ms`);
    // A replacement on B's port, for the next test (nginx retries it after fail_timeout).
    b = await startServerProcess({ name: 'nginx-B2', env: instanceEnv(), port: b.port });
    // nginx takes it back once fail_timeout (2 s here) has passed and a request to it succeeds.
    await delay(2_500);
    for (let i = 0; i < 4; i += 1) expect((await fetch(`${nginx.baseUrl}/api/health/live`)).status).toBe(200);
  });

  it('kill -9 of one instance: every console gets its next message within 5 s, no failed poll', async () => {
    const logBefore = nginx.accessLog().length;
    // Quiet consoles (no message comes): each poll started 4 s before the kill. One replayed from A must end
    // at its start + HOLD_MS like one held on B, not 4 s later (a replay held for a whole new hold could run
    // past the console's 80 s timeout in production).
    const quiet = await Promise.all(Array.from({ length: 4 }, () => newReceiver()));
    const quietPolls = quiet.map(async (receiver) => {
      const started = Date.now();
      const answer = await postJson<Envelope<Broadcast>>(
        `${nginx.baseUrl}${IM_PATHS.listener}`,
        { receiver: receiver.workCode, storeCode: STORE_CODE, ackIds: [] },
        bearer(receiver.token),
      );
      return { status: answer.status, heldMs: Date.now() - started };
    });
    await delay(2_500);
    const outcome = await loseInstanceUnderLoad(nginx, () => a.kill('SIGKILL'));
    expectInvisibleLoss(outcome);
    const quietAnswers = await Promise.all(quietPolls);
    console.info(`nginx-failover: quiet polls held ${quietAnswers.map((q) => q.heldMs).join(', ')} ms`);
    for (const answer of quietAnswers) {
      expect(answer.status).toBe(200);
      expect(answer.heldMs).toBeLessThan(HOLD_MS + 2_000);
    }
    // The polls held on A really broke and nginx replayed them on B.
    const retried = nginx
      .accessLog()
      .slice(logBefore)
      .split('\n')
      .filter((line) => line.includes(IM_PATHS.listener) && line.includes(`127.0.0.1:${a.port}, 127.0.0.1:`));
    expect(retried.length).toBeGreaterThan(0);
    console.info(`nginx-failover: ${retried.length} polls passed from the killed instance to the other one`);
  });
});
