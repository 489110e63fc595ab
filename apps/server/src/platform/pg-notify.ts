import pg from 'pg';

type Logger = { warn(details: object, message: string): void };

/** A text channel between the instances of one PostgreSQL database (LISTEN / NOTIFY). */
export type NotifyChannel = {
  /** Sends to every listening instance, this one included. Never throws; a failure is logged. */
  publish(payload: string): void;
  subscribe(handler: (payload: string) => void): () => void;
  close(): Promise<void>;
};

/** The PostgreSQL channel of the wake bus's `auth:*` keys. */
export const AUTH_NOTIFY_CHANNEL = 'console_auth';
const RECONNECT_MS = { first: 200, max: 5_000 };

/**
 * LISTEN / NOTIFY on a dedicated connection, reconnected with a growing delay when the database goes away. It
 * carries what must reach the other instances even when Redis is down (a revoked sign-in): PostgreSQL is
 * already the truth every instance needs, so this path adds no new way to fail.
 */
export function createPgNotifyChannel(url: string, channel: string, log: Logger): NotifyChannel {
  const handlers = new Set<(payload: string) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RECONNECT_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let sending: Promise<unknown> = Promise.resolve();

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RECONNECT_MS.max);
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== channel || message.payload === undefined) return;
      for (const handler of handlers) handler(message.payload);
    });
    const lost = (error?: Error) => {
      if (client === next) client = null;
      if (!closed) log.warn({ err: error }, `PostgreSQL ${channel} listener lost; reconnecting`);
      scheduleReconnect();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (closed) return void next.end().catch(() => undefined);
      client = next;
      retryMs = RECONNECT_MS.first;
    } catch (error) {
      next.removeAllListeners('end');
      next.end().catch(() => undefined);
      lost(error as Error);
    }
  }
  void connect();

  return {
    publish(payload) {
      const current = client;
      if (!current) {
        log.warn({ channel }, 'PostgreSQL notify skipped: the listener is reconnecting');
        return;
      }
      // One at a time: a client runs one query at once, and pg is to stop queueing them itself.
      sending = sending
        .then(() => current.query('select pg_notify($1, $2)', [channel, payload]))
        .catch((error: unknown) => {
          log.warn({ err: error }, 'PostgreSQL notify failed');
        });
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      handlers.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
