import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@console/contract';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRecord = typeof users.$inferSelect;

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    username: user.username,
    nickName: user.nickName,
    workCode: user.workCode,
    phone: user.phone ?? '',
    avatarPath: user.avatarPath,
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;

export function createUserRepository(db: Database) {
  return {
    /** Account names are case-insensitive (a unique index on lower(username) holds that). */
    async findByUsername(username: string): Promise<UserRecord | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return row ?? null;
    },

    async findEnabledByPhone(phone: string): Promise<UserRecord | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.phone, phone), eq(users.enabled, true)))
        .limit(1);
      return row ?? null;
    },

    async findById(id: number): Promise<UserRecord | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async setPassword(id: number, passwordHash: string, changedAt: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: changedAt, mustChangePassword: false, updatedAt: changedAt })
        .where(eq(users.id, id));
    },
  };
}
