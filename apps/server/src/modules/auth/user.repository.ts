import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@console/contract';
import type { Database } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';

export type UserRecord = typeof users.$inferSelect;

/** The columns of a user that a signed-in answer shows (`toSessionUser` turns them into a SessionUser). */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  nickName: users.nickName,
  workCode: users.workCode,
  phone: users.phone,
  avatarPath: users.avatarPath,
};

/** Only the session columns of the user: a whole row also carries the password hash. */
export function toSessionUser(user: Pick<UserRecord, keyof typeof sessionUserColumns>): SessionUser {
  const { id, username, nickName, workCode, phone, avatarPath } = user;
  return { id, username, nickName, workCode, phone: phone ?? '', avatarPath };
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

    /** The user's roles with their permission, by role id. */
    rolesOf(userId: number) {
      return db
        .select({ roleId: roles.id, roleName: roles.name, permission: roles.permission })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(userRoles.userId, userId))
        .orderBy(asc(roles.id));
    },

    async setPassword(id: number, passwordHash: string, changedAt: Date): Promise<void> {
      await db
        .update(users)
        .set({ passwordHash, passwordChangedAt: changedAt, mustChangePassword: false, updatedAt: changedAt })
        .where(eq(users.id, id));
    },
  };
}
