import { MEMBER_FOLLOW_UP_BUSINESS_TYPE, messageKindOf } from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../client.js';
import { imMessages, members, users, userStores } from '../schema.js';
import { DEMO_MESSAGES } from './demo-messages.js';
import { seedDemoData } from './index.js';

/** Seeding the whole demo (4,000 members among it) takes longer than a hook's default under load. */
const SEEDS_THE_DEMO_MS = 180_000;

describe('demo messages', () => {
  let handle: DatabaseHandle;
  const now = new Date('2026-05-01T04:00:00Z');
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoData(handle.db, now);
  }, SEEDS_THE_DEMO_MS);
  afterAll(() => handle.close());

  it('seeds delivered messages of varied kinds for staff and admin in their own stores', async () => {
    const rows = await handle.db
      .select({ message: imMessages, username: users.username, authorised: userStores.userId })
      .from(imMessages)
      .innerJoin(users, eq(users.id, imMessages.receiverId))
      .leftJoin(
        userStores,
        and(eq(userStores.userId, imMessages.receiverId), eq(userStores.storeId, imMessages.storeId)),
      )
      // The demo notices' messages are 通知公告's (seed.test.ts checks them).
      .where(eq(imMessages.source, 'demo-seed'));
    expect(rows).toHaveLength(DEMO_MESSAGES.length);
    expect(rows.length).toBeGreaterThanOrEqual(11);
    expect(new Set(rows.map((r) => r.username))).toEqual(new Set(['staff', 'admin']));
    expect(rows.every((r) => r.authorised !== null)).toBe(true);
    // Nobody gets pop-ups of old news: nothing is left not pushed.
    expect(new Set(rows.map((r) => r.message.status))).toEqual(new Set([1, 2]));
    expect(new Set(rows.map((r) => r.message.businessType)).size).toBeGreaterThanOrEqual(7);
    for (const { message } of rows) {
      expect(messageKindOf(message.businessType, message.messageType)?.title).toBe(message.title);
      expect(message.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('names a member of the store by its public id in every member message (2.15 memberId)', async () => {
    const rows = await handle.db
      .select({
        memberId: sql<string>`${imMessages.expandInfo}->>'memberId'`,
        storeId: imMessages.storeId,
        homeStoreId: members.homeStoreId,
      })
      .from(imMessages)
      .leftJoin(members, sql`${members.publicId} = ${imMessages.expandInfo}->>'memberId'`)
      .where(eq(imMessages.businessType, MEMBER_FOLLOW_UP_BUSINESS_TYPE));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.homeStoreId, `memberId ${row.memberId}`).toBe(row.storeId);
  });
});
