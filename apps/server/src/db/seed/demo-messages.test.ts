import { messageKindOf } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from '../client.js';
import { imMessages, users, userStores } from '../schema.js';
import { DEMO_MESSAGES } from './demo-messages.js';
import { seedDemoData } from './index.js';

describe('demo messages', () => {
  let handle: DatabaseHandle;
  const now = new Date('2026-05-01T04:00:00Z');
  beforeAll(async () => {
    handle = await openTestDatabase();
    await seedDemoData(handle.db, now);
  });
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
    expect(rows.length).toBeGreaterThanOrEqual(12);
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
});
