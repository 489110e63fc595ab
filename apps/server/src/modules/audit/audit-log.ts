import type { Database } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';

export type AuditEntry = {
  action: string;
  userId?: number | null;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
};

export type AuditLog = ReturnType<typeof createAuditLog>;

/** Append-only record of security-relevant events (sign-in, sign-out, password reset, …). */
export function createAuditLog(db: Database, clock: Clock) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values({
        action: entry.action,
        userId: entry.userId ?? null,
        target: (entry.target ?? '').slice(0, 128),
        detail: entry.detail ?? {},
        ip: (entry.ip ?? '').slice(0, 64),
        createdAt: clock(),
      });
    },
  };
}
