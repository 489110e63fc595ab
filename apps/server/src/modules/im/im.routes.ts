import { timingSafeEqual, createHash } from 'node:crypto';
import {
  IM_LIMITS,
  IM_PATHS,
  SERVICE_TOKEN_HEADER,
  broadcastSchema,
  businessTagSchema,
  envelopeSchema,
  listenerBodySchema,
  messagePageSchema,
  operateMessagesBodySchema,
  operateResultSchema,
  pageMessagesBodySchema,
  publishBodySchema,
  publishResultSchema,
  supplementResultSchema,
  imScopeBodySchema,
  unreadCountSchema,
} from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps, AppInstance } from '../../app-types.js';
import { ok, replies } from '../../http/envelope.js';
import { AppError, forbidden, unauthorized } from '../../http/errors.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { callerOf } from '../../plugins/request-context.js';
import { scopedStoreOf, storeScope } from '../../plugins/store-scope.js';
import type { DashboardSources } from '../dashboard/dashboard-sources.js';
import { createStoreRepository } from '../stores/store.repository.js';
import { IM_TEXT } from './im.messages.js';
import { createImService } from './im.service.js';
import type { Inbox } from './message-format.js';
import { createMessageProducer, type MessageProducer } from './message-producer.js';
import { createMessageRepository, inboxKey } from './message.repository.js';
import { createPollHub, type PollHub } from './poll-hub.js';
import { createPublishApi } from './publish-api.js';

const TAGS = ['messages'];
const SIGNED_IN = [{ bearer: [] }];
const PUBLISH_PER_IP_PER_MINUTE = { rateLimit: { max: 1200, timeWindow: '1 minute' } };

export type ImModule = { producer: MessageProducer; hub: PollHub };

/**
 * The message center (spec 7.4) and the integration endpoint. Returns the producer business modules use and
 * the hub (tests and the benchmark read its size).
 */
export function imRoutes(
  app: AppInstance,
  deps: AppDeps,
  wiring: { wakeBus: WakeBus; dashboardSources: DashboardSources },
): ImModule {
  const { db, clock, config } = deps;
  const { wakeBus, dashboardSources } = wiring;
  const messages = createMessageRepository(db);
  const service = createImService({ messages, clock });
  const producer = createMessageProducer({ db, clock, wakeBus });
  const stores = createStoreRepository(db);
  const publishApi = createPublishApi({ db, producer });

  const hub = createPollHub({
    holdMs: config.longPoll.holdMs,
    maxHeld: config.longPoll.maxHeld,
    fetch: (poll) => service.waiting(poll.inbox, poll.size, poll.markOnDelivery),
    log: app.log,
  });
  const unsubscribe = wakeBus.subscribe((keys) => hub.wake(keys));
  // preClose runs before the server waits for in-flight requests: held polls must not keep it open.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.releaseAll();
  });

  dashboardSources.register('unreadMessages', 'messages', (ctx) =>
    messages.unreadTotal({ receiverId: ctx.userId, storeId: ctx.storeId }),
  );

  /** Signed in, the store authorised, and `receiver` the caller's own work code. */
  const ownInbox = {
    preValidation: app.authenticate,
    preHandler: [storeScope(stores, 'storeCode'), ownReceiver],
  };

  const inboxOf = (request: FastifyRequest): Inbox => {
    const { user } = callerOf(request);
    const store = scopedStoreOf(request);
    return { receiverId: user.id, storeId: store.id, receiver: user.workCode, storeCode: store.shopCode };
  };

  app.post(
    IM_PATHS.supplement,
    {
      ...ownInbox,
      schema: {
        tags: TAGS,
        summary: 'Not-pushed messages older than a card’s life become unread history (no pop-up)',
        security: SIGNED_IN,
        body: imScopeBodySchema,
        response: replies(supplementResultSchema),
      },
    },
    async (request) => ok(await service.supplement(inboxOf(request))),
  );

  app.post(
    IM_PATHS.unreadCount,
    {
      ...ownInbox,
      schema: {
        tags: TAGS,
        summary: 'Unread messages (not pushed or unread) in total and per business type',
        security: SIGNED_IN,
        body: imScopeBodySchema,
        response: replies(unreadCountSchema),
      },
    },
    async (request) => ok(await service.unreadCount(inboxOf(request))),
  );

  app.post(
    IM_PATHS.listener,
    {
      ...ownInbox,
      schema: {
        tags: TAGS,
        summary: `Long poll: answers at once when messages wait, else holds up to ${config.longPoll.holdMs} ms`,
        description:
          'With `ackIds` (even empty) answered messages stay not-pushed until acknowledged by the next call ' +
          '(at-least-once; the client de-duplicates by messageId). Without `ackIds` they are marked unread on ' +
          `delivery. HTTP ${IM_LIMITS.busyStatus} asks the client to back off ${IM_LIMITS.pollRetryBusyMs} ms.`,
        security: SIGNED_IN,
        body: listenerBodySchema,
        response: {
          ...replies(broadcastSchema),
          [IM_LIMITS.busyStatus]: envelopeSchema(z.null()),
        },
      },
    },
    async (request, reply) => {
      const inbox = inboxOf(request);
      const { size, ackIds } = request.body;
      if (ackIds && ackIds.length > 0) await service.acknowledge(inbox, ackIds);
      if (hub.full()) throw new AppError(IM_LIMITS.busyStatus, 'IM_BUSY', IM_TEXT.busy);
      hub.hold({ key: inboxKey(inbox), inbox, size, markOnDelivery: ackIds === undefined, reply });
      return reply;
    },
  );

  app.post(
    IM_PATHS.operate,
    {
      ...ownInbox,
      schema: {
        tags: TAGS,
        summary: 'Mark all read (1), clear all (2), mark read (3) or delete (4)',
        security: SIGNED_IN,
        body: operateMessagesBodySchema,
        response: replies(operateResultSchema),
      },
    },
    async (request) => ok(await service.operate(inboxOf(request), request.body)),
  );

  app.post(
    IM_PATHS.pageList,
    {
      ...ownInbox,
      schema: {
        tags: TAGS,
        summary: 'Messages newest first, by status (1 unread, 2 read, none all) and business type',
        security: SIGNED_IN,
        body: pageMessagesBodySchema,
        response: replies(messagePageSchema),
      },
    },
    async (request) => ok(await service.page(inboxOf(request), request.body)),
  );

  app.post(
    IM_PATHS.businessTypes,
    {
      preValidation: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Business types of the message tags',
        security: SIGNED_IN,
        response: replies(z.array(businessTagSchema)),
      },
    },
    async () => ok(service.businessTypes()),
  );

  const expectedToken = digest(config.serviceToken);
  app.post(
    IM_PATHS.publish,
    {
      config: PUBLISH_PER_IP_PER_MINUTE,
      // Before the body is parsed: a caller without the token learns nothing about the payload rules.
      onRequest: async (request) => {
        const given = request.headers[SERVICE_TOKEN_HEADER];
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expectedToken))
          throw unauthorized(IM_TEXT.tokenInvalid, 'SERVICE_TOKEN_INVALID');
      },
      schema: {
        tags: TAGS,
        summary: 'Integration endpoint: publish messages to a store’s staff (header X-Service-Token)',
        security: [{ serviceToken: [] }],
        body: publishBodySchema,
        response: replies(publishResultSchema),
      },
    },
    async (request) => ok(await publishApi.publish(request.body)),
  );

  return { producer, hub };
}

async function ownReceiver(request: FastifyRequest): Promise<void> {
  const body = request.body as { receiver?: unknown };
  if (body.receiver !== callerOf(request).user.workCode)
    throw forbidden(IM_TEXT.receiverForbidden, 'IM_RECEIVER_FORBIDDEN');
}

/** Fixed-length digests, so the comparison takes the same time whatever the given token's length. */
const digest = (value: string) => createHash('sha256').update(value).digest();
