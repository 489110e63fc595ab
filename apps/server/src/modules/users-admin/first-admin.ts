import { MOBILE_PATTERN, USERNAME_PATTERN, WORK_CODE_PATTERN } from '@console/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { createAuditLog } from '../audit/audit-log.js';
import { hashPassword } from '../auth/password.js';
import { SUPER_ROLE } from '../menus/menu.service.js';
import { newOneTimePassword } from './one-time-password.js';
import { createUsersAdminRepository } from './users-admin.repository.js';

export type FirstAdminInput = { username: string; phone: string; name?: string; workCode?: string };
export type FirstAdminResult =
  { ok: true; userId: number; username: string; oneTimePassword: string } | { ok: false; message: string };

/** Refusals in Chinese and English: the console's people read the first, an operator's logs the second. */
export const FIRST_ADMIN_MESSAGES = {
  adminExists:
    '已存在启用的系统管理员，未创建新账号。请由现有管理员在「用户管理」中新增。 / An enabled administrator exists; nothing was created. Ask them to add users in 用户管理.',
  badUsername:
    '账号为2至32位字母、数字或 _ . -，以字母或数字开头 / --username: 2 to 32 letters, digits, _ . - (starting with a letter or digit)',
  badPhone: '请输入正确的手机号 / --phone: an 11-digit mainland mobile number',
  badWorkCode: '工号只能包含字母、数字、-和_，最多32位 / --work-code: letters, digits, - and _, up to 32',
  badName: '姓名最多32个字 / --name: at most 32 characters',
  taken: '账号、工号或手机号已被其他用户使用 / The username, work code or phone is already taken',
  noAdminRole: '缺少系统管理员角色 / The admin role is missing (base data not seeded)',
} as const;

/**
 * The first administrator of an empty production database (`npm run admin:create`): refused while an enabled
 * administrator exists, else an account with the admin role and a one-time password it must change at sign-in.
 * Runs under the same lock as the 用户管理 changes that could remove the last administrator.
 */
export async function createFirstAdministrator(
  db: Database,
  clock: Clock,
  input: FirstAdminInput,
): Promise<FirstAdminResult> {
  const username = input.username.trim();
  const phone = input.phone.trim();
  const nickName = (input.name ?? '').trim() || '系统管理员';
  const workCode = (input.workCode ?? '').trim() || 'A0001';
  if (!USERNAME_PATTERN.test(username)) return { ok: false, message: FIRST_ADMIN_MESSAGES.badUsername };
  if (!MOBILE_PATTERN.test(phone)) return { ok: false, message: FIRST_ADMIN_MESSAGES.badPhone };
  if (!WORK_CODE_PATTERN.test(workCode)) return { ok: false, message: FIRST_ADMIN_MESSAGES.badWorkCode };
  if (nickName.length > 32) return { ok: false, message: FIRST_ADMIN_MESSAGES.badName };

  const repo = createUsersAdminRepository(db);
  const oneTimePassword = newOneTimePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const at = clock();
  const result = await repo.transaction(async (tx): Promise<FirstAdminResult> => {
    await repo.lockAdministrators(tx);
    const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.permission, SUPER_ROLE));
    if (!adminRole) return { ok: false, message: FIRST_ADMIN_MESSAGES.noAdminRole };
    if ((await repo.enabledHoldersOf(SUPER_ROLE, 0, tx)) > 0)
      return { ok: false, message: FIRST_ADMIN_MESSAGES.adminExists };
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        or(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          eq(users.phone, phone),
          eq(users.workCode, workCode),
        ),
      )
      .limit(1);
    if (taken) return { ok: false, message: FIRST_ADMIN_MESSAGES.taken };
    const userId = await repo.insertUser(
      { username, nickName, workCode, phone, deptId: null, passwordHash, at },
      tx,
    );
    await tx.insert(userRoles).values({ userId, roleId: adminRole.id });
    return { ok: true, userId, username, oneTimePassword };
  });
  if (result.ok)
    await createAuditLog(db, clock).record({
      action: 'user.create',
      userId: null,
      target: String(result.userId),
      detail: { before: null, after: { username, roles: [SUPER_ROLE] }, via: 'admin:create' },
      client: null,
    });
  return result;
}

/** Whether `userId` is an enabled administrator (the test's check of the created account). */
export async function isEnabledAdministrator(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.id, userId), eq(users.enabled, true), eq(roles.permission, SUPER_ROLE)));
  return Boolean(row);
}
