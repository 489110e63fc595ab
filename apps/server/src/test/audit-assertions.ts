import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/**
 * The newest audit row of `action` by `actorId` is an administrative change as docs/security.md asks: who, when,
 * from which IP and by which request (its id, method and route), the state before and after. Answers the row's before and after for the caller's own checks.
 */
export async function expectAuditedChange(
  db: Database,
  action: string,
  actorId: number,
): Promise<{ target: string; before: unknown; after: unknown; detail: Record<string, unknown> }> {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.userId, actorId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  expect(row, `no ${action} audit row by user ${actorId}`).toBeDefined();
  expect(row!.ip, `${action}: the IP`).not.toBe('');
  expect(row!.createdAt).toBeInstanceOf(Date);
  expect(row!.request, `${action}: the request it was written for`).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    method: expect.stringMatching(/^(POST|PUT|PATCH|DELETE|GET)$/),
    path: expect.stringMatching(/^\//),
  });
  const detail = row!.detail as Record<string, unknown>;
  expect(detail, `${action}: before and after`).toHaveProperty('before');
  expect(detail).toHaveProperty('after');
  expect(detail.before ?? detail.after, `${action}: a state before or after`).not.toBeNull();
  return { target: row!.target, before: detail.before, after: detail.after, detail };
}
