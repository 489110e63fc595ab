import { MEMBER_FOLLOW_UP_BUSINESS_TYPE, messageKindOf } from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { imMessages, memberReminders, members, userStores } from '../../db/schema.js';
import { seedDemoData } from '../../db/seed/index.js';
import { randomFor } from '../../db/seed/prng.js';
import type { WakeBus } from '../../platform/wake-bus.js';
import { openTestDatabase } from '../../test/test-database.js';
import { createMessageProducer } from '../im/message-producer.js';
import { createDemoMemberTraffic, DEMO_MEMBER_SOURCE } from './demo-member-traffic.js';

const SEEDS_THE_DEMO_MS = 120_000;

describe('demo member traffic', () => {
  let handle: DatabaseHandle;
  const now = new Date('2026-05-01T04:00:00Z');
  const woken: string[] = [];
  const bus: WakeBus = {
    publish: (keys) => void woken.push(...keys),
    subscribe: () => () => {},
    close: async () => {},
  };
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoData(handle.db, now);
  }, SEEDS_THE_DEMO_MS);
  afterAll(() => handle.close());

  it('sends member messages of every kind about members of whom they are true, to the store, through the producer', async () => {
    const { db } = handle;
    const producer = createMessageProducer({ db, clock: () => now, wakeBus: bus });
    const random = randomFor('demo-member-traffic');
    const traffic = createDemoMemberTraffic({ db, clock: () => now, producer, random: () => random.next() });
    const remindersBefore = await db.$count(memberReminders);

    const sent = [];
    for (let i = 0; i < 12; i++) sent.push(await traffic.tick());
    expect(sent.every((s) => s !== null && s.sent)).toBe(true);
    expect(new Set(sent.map((s) => s!.kind))).toEqual(new Set(['upgrade', 'equity', 'repurchase']));
    expect(woken.length).toBeGreaterThanOrEqual(12);

    const rows = await db
      .select({
        message: imMessages,
        homeStoreId: members.homeStoreId,
        authorised: userStores.userId,
      })
      .from(imMessages)
      .innerJoin(members, sql`${members.publicId} = ${imMessages.expandInfo}->>'memberId'`)
      .leftJoin(
        userStores,
        and(eq(userStores.userId, imMessages.receiverId), eq(userStores.storeId, imMessages.storeId)),
      )
      .where(eq(imMessages.source, DEMO_MEMBER_SOURCE));
    expect(new Set(rows.map((r) => r.message.expandInfo.memberId))).toEqual(
      new Set(sent.map((s) => s!.memberId)),
    );
    for (const { message, homeStoreId, authorised } of rows) {
      expect(message.businessType).toBe(MEMBER_FOLLOW_UP_BUSINESS_TYPE);
      expect([1, 2, 3]).toContain(message.messageType);
      expect(message.title).toBe(messageKindOf(message.businessType, message.messageType)?.title);
      expect(message.text).toMatch(/^会员 /);
      expect(homeStoreId).toBe(message.storeId);
      expect(authorised).not.toBeNull();
    }
    // The daily job's own record is untouched: it still reminds once of its own.
    expect(await db.$count(memberReminders)).toBe(remindersBefore);
  });

  it('sends nothing when nobody qualifies', async () => {
    const { db } = handle;
    await db.update(members).set({ contactConsent: false });
    const producer = createMessageProducer({ db, clock: () => now, wakeBus: bus });
    const traffic = createDemoMemberTraffic({ db, clock: () => now, producer, random: () => 0.5 });
    expect(await traffic.tick()).toBeNull();
  });
});
