import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  IM_LIMITS,
  envelopeSchema,
  idempotencyKeySchema,
  imEndpoints as api,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { AppError, badRequest, forbidden } from '../../http/errors.js';
import { access, ANY_STAFF, rawRoute, route, type RouteContext } from '../../http/route.js';
import { serviceRateLimitKey } from '../../http/service-token.js';
import { createBatcher } from '../../platform/batcher.js';
import type { AppMetrics } from '../../platform/metrics/app-metrics.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { callerOf } from '../../plugins/request-context.js';
import type { DashboardSources } from '../dashboard/dashboard-sources.js';
import { IM_TEXT } from './im.messages.js';
import { createImService, type PendingCheck } from './im.service.js';
import type { Inbox, MessageRow } from './message-format.js';
import { createMessageProducer, type MessageProducer } from './message-producer.js';
import { createMessageRepository, inboxKey } from './message.repository.js';
import { createPollHub, type PollHub } from './poll-hub.js';
import { createPublishApi, type PublishApi } from './publish-api.js';
import { signedOutPollCloser } from './signed-out-polls.js';

const tags = ['messages'];
const PUBLISH_PER_MINUTE = 1200;

export type ImModule = { producer: MessageProducer; hub: PollHub; publishApi: PublishApi };

/**
 * The message center (spec 7.4) and the integration endpoint. Returns the producer business modules use and
 * the hub (tests and the benchmark read its size).
 */
export function imRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { wakeBus: WakeBus; dashboardSources: DashboardSources; metrics: AppMetrics },
): ImModule {
  const { db, clock, config } = deps;
  const { wakeBus, dashboardSources, metrics } = wiring;
  const messages = createMessageRepository(db);
  const service = createImService({ messages, clock });
  const producer = createMessageProducer({
    db,
    clock,
    wakeBus,
    metrics,
    deliverLocally: (rows) =>
      metrics.wakeups('publish', new Set(rows.map(inboxKey)).size, deliverCommitted(hub, service, rows)),
  });
  const publishApi = createPublishApi({ db, producer, clock });

  // Many polls arrive (and wake) together: their acknowledgements and checks go out as a few statements. New polls
  // trickle in one by one: the checks run one statement at a time, so those arriving meanwhile go as one.
  const pendingChecks = createBatcher({
    run: (checks: readonly PendingCheck[]) => service.waitingOfMany(checks),
    maxBatch: BATCH_POLLS,
    concurrency: 1,
  });
  const acknowledgements = createBatcher({
    run: async (acks: readonly { inbox: Inbox; ids: readonly number[] }[]) => {
      await service.acknowledgeMany(acks);
      return acks.map(() => undefined);
    },
    maxBatch: BATCH_POLLS,
    concurrency: 2,
  });

  const hub: PollHub = createPollHub({
    holdMs: config.longPoll.holdMs,
    maxHeld: config.longPoll.maxHeld,
    fetch: (poll, ackIds) =>
      poll.markOnDelivery
        ? service.waiting(poll.inbox, poll.size, true)
        : pendingChecks.load({ inbox: poll.inbox, size: poll.size, ackIds }),
    log: app.log,
    onSettle: metrics.pollSettled,
  });
  metrics.heldPolls(hub.size);
  const endSignedOutPolls = signedOutPollCloser(hub, app.liveSessionIds, app.log);
  const unsubscribe = wakeBus.subscribe((keys) => {
    metrics.wakeups('bus', keys.length, hub.wake(keys));
    endSignedOutPolls(keys);
  });
  // preClose runs before the server waits for in-flight requests: held polls must not keep it open.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.releaseAll();
  });

  dashboardSources.register('unreadMessages', 'messages', (ctx) =>
    messages.unreadTotal({ receiverId: ctx.userId, storeId: ctx.storeId }),
  );

  /** Signed in, the store authorised, and `receiver` the caller's own work code. */
  const OWN_INBOX = access.store(ANY_STAFF);
  const inboxExtras = { tags, preHandler: [ownReceiver] };

  const inboxOf = ({
    caller,
    store,
  }: Pick<RouteContext<typeof api.supplement>, 'caller' | 'store'>): Inbox => {
    const { user } = caller();
    const { id, shopCode } = store();
    return { receiverId: user.id, storeId: id, receiver: user.workCode, storeCode: shopCode };
  };

  route(app, api.supplement, OWN_INBOX, (ctx) => service.supplement(inboxOf(ctx)), inboxExtras);
  route(app, api.unreadCount, OWN_INBOX, (ctx) => service.unreadCount(inboxOf(ctx)), inboxExtras);

  // The reply is handed to the hub, which answers when messages arrive or the hold ends.
  rawRoute(
    app,
    api.listener,
    OWN_INBOX,
    async (ctx) => {
      const inbox = inboxOf(ctx);
      const { size, ackIds } = ctx.input;
      if (hub.full()) {
        // Turned away, but what the client took in is acknowledged all the same.
        if (ackIds && ackIds.length > 0) await acknowledgements.load({ inbox, ids: ackIds });
        throw new AppError(IM_LIMITS.busyStatus, 'IM_BUSY', IM_TEXT.busy);
      }
      hub.hold({
        holdMs: remainingHoldMs(ctx.request, config.longPoll.holdMs, config.trustProxy !== false),
        key: inboxKey(inbox),
        inbox,
        sessionId: ctx.caller().sessionId,
        size,
        markOnDelivery: ackIds === undefined,
        ...(ackIds ? { ackIds } : {}),
        reply: ctx.reply,
      });
      return ctx.reply;
    },
    {
      ...inboxExtras,
      description:
        `Holds up to ${config.longPoll.holdMs} ms. ` +
        'With `ackIds` (even empty) answered messages stay not-pushed until acknowledged by the next call ' +
        '(at-least-once; the client de-duplicates by messageId). Without `ackIds` they are marked unread on ' +
        `delivery. HTTP ${IM_LIMITS.busyStatus} asks the client to back off ${IM_LIMITS.pollRetryBusyMs} ms.`,
      responses: { [IM_LIMITS.busyStatus]: envelopeSchema(z.null()) },
    },
  );

  route(app, api.operate, OWN_INBOX, (ctx) => service.operate(inboxOf(ctx), ctx.input), inboxExtras);
  route(app, api.pageList, OWN_INBOX, (ctx) => service.page(inboxOf(ctx), ctx.input), inboxExtras);
  route(app, api.businessTypes, access.signedIn(), () => service.businessTypes(), { tags });

  route(
    app,
    api.publish,
    access.service(),
    async ({ input, request, reply }) => {
      const { messageIds, replayed } = await publishApi.publish(input, idempotencyKeyOf(request));
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return { messageIds };
    },
    {
      tags,
      config: {
        rateLimit: {
          max: PUBLISH_PER_MINUTE,
          timeWindow: '1 minute',
          keyGenerator: serviceRateLimitKey(config.serviceToken),
        },
      },
    },
  );

  return { producer, hub, publishApi };
}

/** Polls per batched statement (each brings at most 100 acknowledged ids). */
const BATCH_POLLS = 500;

/**
 * Committed rows, by inbox and oldest first, answer this instance's acknowledging polls for those inboxes.
 * Answers how many polls they answered.
 */
function deliverCommitted(
  hub: PollHub,
  service: Pick<ReturnType<typeof createImService>, 'delivered'>,
  rows: readonly MessageRow[],
): number {
  const byInbox = new Map<string, MessageRow[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = inboxKey(row);
    const list = byInbox.get(key);
    if (list) list.push(row);
    else byInbox.set(key, [row]);
  }
  return hub.deliver(byInbox, (poll, inboxRows) => service.delivered(poll.inbox, inboxRows, poll.size));
}

/** The optional Idempotency-Key header; a malformed one is refused rather than ignored. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const given = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (given === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(given);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, 'IDEMPOTENCY_KEY_INVALID');
  return parsed.data;
}

/** nginx's `t=<seconds.millis>` of when it received the request (deploy/nginx: `X-Request-Start "t=$msec"`). */
const REQUEST_START_HEADER = 'x-request-start';

/**
 * The hold left for a poll. nginx stamps the poll when it receives it and keeps the stamp when it replays the
 * poll on another instance after losing the first; counting the hold from that stamp answers the replayed poll
 * when the original would have been answered, before the console's own 80 s timeout (a timed-out poll costs
 * the console a minute). Only behind a trusted proxy; a stamp in the future (clock skew) counts as now. A
 * client can only shorten its own hold with it, which it could do by closing the request anyway.
 */
export function remainingHoldMs(request: FastifyRequest, holdMs: number, behindProxy: boolean): number {
  if (!behindProxy) return holdMs;
  const stamp = /^t=(\d{9,11}(?:\.\d{1,6})?)$/.exec(String(request.headers[REQUEST_START_HEADER] ?? ''));
  if (!stamp) return holdMs;
  const elapsedMs = Date.now() - Number(stamp[1]) * 1000;
  return Math.max(0, holdMs - Math.max(0, elapsedMs));
}

async function ownReceiver(request: FastifyRequest): Promise<void> {
  const body = request.body as { receiver?: unknown };
  if (body.receiver !== callerOf(request).user.workCode)
    throw forbidden(IM_TEXT.receiverForbidden, 'IM_RECEIVER_FORBIDDEN');
}
