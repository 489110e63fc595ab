import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { passwordResetTickets } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { newToken, sha256 } from './token.js';

export const RESET_TICKET_LIFETIME_MS = 10 * 60 * 1000;

export type ResetTicketRepository = ReturnType<typeof createResetTicketRepository>;

/** Single-use tickets between a validated reset code and the new password; only their hash is stored. */
export function createResetTicketRepository(db: Database, clock: Clock) {
  return {
    async issue(userId: number): Promise<string> {
      const now = clock();
      const ticket = newToken();
      // Only the newest ticket of a user is usable.
      await db
        .update(passwordResetTickets)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTickets.userId, userId), isNull(passwordResetTickets.usedAt)));
      await db.insert(passwordResetTickets).values({
        ticketHash: sha256(ticket),
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TICKET_LIFETIME_MS),
      });
      return ticket;
    },

    /** Marks the ticket used and answers its user, or null when it is unknown, used or expired. */
    async redeem(ticket: string): Promise<number | null> {
      const now = clock();
      const [row] = await db
        .update(passwordResetTickets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTickets.ticketHash, sha256(ticket)),
            isNull(passwordResetTickets.usedAt),
            gt(passwordResetTickets.expiresAt, now),
          ),
        )
        .returning({ userId: passwordResetTickets.userId });
      return row?.userId ?? null;
    },
  };
}
