import type { Database } from '../../db/client.js';
import { fixedStatement } from '../../db/paged-query.js';
import { auditLog } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import type { ClientInfo, TracedRequest } from '../../http/client.js';

/** Who an audit row says made the call: the client's address and its request (null outside a request). */
export type AuditClient = Pick<ClientInfo, 'ip' | 'request'>;

export type AuditEntry = {
  action: string;
  userId?: number | null;
  target?: string;
  detail?: Record<string, unknown>;
  /** Null for work no client asked for (a job, the start-up). */
  client: AuditClient | null;
  /** `fail`: a refused state-changing call (written by the request hook of `audit-failures.ts`). */
  result?: 'ok' | 'fail';
};

/**
 * An administrative change: who (the signed-in actor), from where (the client's IP), what (`action`, `target`)
 * and the state `before` and `after` it (null for a creation or a deletion). When is the row's `createdAt`.
 */
export type AuditChange = {
  action: string;
  actor: { user: { id: number } };
  client: AuditClient;
  target: string;
  before: unknown;
  after: unknown;
  /** More context that is neither state (a batch size, the role granted with a store). */
  detail?: Record<string, unknown>;
};

/** What the `run` of an administrative change (`auditedChanges` in run-change.ts) answers: its result, and the states before and after it. */
export type AuditedChange<T> = { result: T; before: unknown; after: unknown };

/** What a secret's value becomes in the audit log. */
export const MASKED = '***';

/** Keys whose values are secrets: passwords, tokens, hashes, tickets, sign-in and captcha codes. */
const SECRET_KEY = /pass(word|wd)?$|pwd|secret|token|ticket|hash|captcha|answer|^code$|smsCode|verifyCode/i;

/** Request parameters longer than this (as JSON) are not kept: a row is a record, not an upload store. */
const PARAMS_MAX_CHARS = 8000;

/**
 * What an audit row says of the request it was written for: its id, method, path, user agent and its
 * parameters (query and body) with every secret masked. Empty outside a request (jobs, start-up).
 *
 * The request travels with the caller's `ClientInfo` rather than through an AsyncLocalStorage: an active one
 * makes every promise of the process pay its hooks (ADR 0008).
 */
export function requestRecordOf(request: TracedRequest | null): {
  storeCode: string | null;
  request: Record<string, unknown>;
} {
  if (!request) return { storeCode: null, request: {} };
  const raw = { query: request.query ?? {}, body: request.body ?? {} };
  const masked = maskPhones(maskSecrets(raw));
  const params = JSON.stringify(masked).length > PARAMS_MAX_CHARS ? { omitted: true } : masked;
  const userAgent = request.headers['user-agent'];
  return {
    storeCode: storeCodeOf(request),
    request: {
      id: request.id,
      method: request.method,
      path: request.routeOptions.url ?? request.url.split('?')[0],
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 255) : '',
      params,
    },
  };
}

/** The store a call names: its body's or query's `storeCode`, else the `X-Store-Code` header. */
export function storeCodeOf(request: TracedRequest): string | null {
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object' && 'storeCode' in source) {
      const code = (source as { storeCode: unknown }).storeCode;
      if (typeof code === 'string' && code) return code.slice(0, 32);
    }
  }
  const header = request.headers['x-store-code'];
  return typeof header === 'string' && header ? header.slice(0, 32) : null;
}

/**
 * Sets an own property as `Object.fromEntries` would: a parsed `__proto__` key stays a key of the copy instead of
 * becoming its prototype. A loop of these is several times cheaper than `fromEntries(entries().map())`, and the
 * masks run on every audited request.
 */
function setOwn(copy: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  else copy[key] = value;
}

/** A copy of `value` with the value of every secret-named key, at any depth, replaced by `MASKED`. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    setOwn(copy, key, SECRET_KEY.test(key) && inner != null ? MASKED : maskSecrets(inner));
  }
  return copy;
}

/** A mainland mobile number anywhere in a text (a look-up's keyword, a receiver's phone): 139****5678. */
const MOBILE = /(?<!\d)(1[3-9]\d)\d{4}(\d{4})(?!\d)/g;

/**
 * A copy of `value` with every mobile number in its texts masked: the parameters of a request keep members' and
 * receivers' phones out of the log (the full number is reached only through an audited view).
 */
export function maskPhones(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(MOBILE, '$1****$2');
  if (Array.isArray(value)) return value.map(maskPhones);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    setOwn(copy, key, maskPhones((value as Record<string, unknown>)[key]));
  return copy;
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * Append-only record of security-relevant events (sign-in, sign-out, password reset, …) and of every
 * administrative change. Secrets in `detail` never reach the table. `tx`: write inside the change's own
 * transaction, so a change and its audit row are saved together or not at all.
 */
export function createAuditLog(db: Database, clock: Clock) {
  // Written by nearly every call of the console: one statement, prepared.
  const insert = fixedStatement(db, 'audit_insert', (on, value) =>
    on
      .insert(auditLog)
      .values({
        action: value('action'),
        userId: value('userId'),
        target: value('target'),
        detail: value('detail'),
        ip: value('ip'),
        result: value('result'),
        storeCode: value('storeCode'),
        request: value('request'),
        createdAt: value('createdAt'),
      })
      .returning({ id: auditLog.id }),
  );
  async function record(entry: AuditEntry, tx: Database = db): Promise<void> {
    await insert(
      {
        action: entry.action,
        userId: entry.userId ?? null,
        target: (entry.target ?? '').slice(0, 128),
        detail: (maskSecrets(entry.detail ?? {}) as Record<string, unknown>) ?? {},
        ip: (entry.client?.ip ?? '').slice(0, 64),
        result: entry.result ?? 'ok',
        ...requestRecordOf(entry.client?.request ?? null),
        createdAt: clock(),
      },
      tx,
    );
  }
  /** An administrative change with its before and after states (`AuditChange`). */
  function change(entry: AuditChange, tx: Database = db): Promise<void> {
    return record(
      {
        action: entry.action,
        userId: entry.actor.user.id,
        target: entry.target,
        client: entry.client,
        detail: { ...entry.detail, before: entry.before ?? null, after: entry.after ?? null },
      },
      tx,
    );
  }
  return {
    record,
    change,
  };
}
