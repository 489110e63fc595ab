import type { Profile } from '@console/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { departments, sessions, userAvatars, users } from '../../db/schema.js';
import { sessionUserColumns } from '../auth/user.repository.js';

export type StoredAvatar = { contentType: string; content: Buffer; updatedAt: Date };

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export function createProfileRepository(db: Database) {
  return {
    async findProfile(userId: number): Promise<Profile | null> {
      const [row] = await db
        .select({
          ...sessionUserColumns,
          deptName: departments.name,
          passwordChangedAt: users.passwordChangedAt,
        })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) return null;
      return {
        ...row,
        phone: row.phone ?? '',
        deptName: row.deptName ?? null,
        passwordChangedAt: row.passwordChangedAt.toISOString(),
      };
    },

    /** The id of another user holding this phone, if any. */
    async phoneOwner(phone: string, exceptUserId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), ne(users.id, exceptUserId)))
        .limit(1);
      return row?.id ?? null;
    },

    async updateNickName(userId: number, nickName: string, at: Date) {
      await db.update(users).set({ nickName, updatedAt: at }).where(eq(users.id, userId));
    },

    async updatePhone(userId: number, phone: string, at: Date) {
      await db.update(users).set({ phone, updatedAt: at }).where(eq(users.id, userId));
    },

    /** Ends every session of the user except `keepSessionId`; answers how many were ended. */
    async revokeOtherSessions(userId: number, keepSessionId: number, at: Date): Promise<number> {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async saveAvatar(userId: number, avatar: StoredAvatar, avatarPath: string): Promise<void> {
      await db
        .insert(userAvatars)
        .values({ userId, ...avatar })
        .onConflictDoUpdate({ target: userAvatars.userId, set: avatar });
      await db.update(users).set({ avatarPath, updatedAt: avatar.updatedAt }).where(eq(users.id, userId));
    },

    async readAvatar(userId: number): Promise<StoredAvatar | null> {
      const [row] = await db
        .select({
          contentType: userAvatars.contentType,
          content: userAvatars.content,
          updatedAt: userAvatars.updatedAt,
        })
        .from(userAvatars)
        .where(eq(userAvatars.userId, userId))
        .limit(1);
      return row ?? null;
    },
  };
}
