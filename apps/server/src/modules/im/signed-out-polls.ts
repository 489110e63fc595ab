import { unauthorized } from '../../http/errors.js';
import { signInsDroppedBy } from '../auth/auth-cache.js';
import type { PollHub } from './poll-hub.js';

type Logger = { warn(details: object, message: string): void };

/**
 * When sign-ins are dropped (sign-out, disable, password reset: the `auth:*` wake keys, which reach every
 * instance through Redis and PostgreSQL's NOTIFY), the polls held for those users re-check their session and
 * those whose session ended are answered 401 at once: a held poll must not deliver a message to a console that
 * signed out on another instance during its 55 s hold.
 */
export function signedOutPollCloser(
  hub: Pick<PollHub, 'heldFor' | 'refuse'>,
  liveSessionIds: (sessionIds: number[]) => Promise<Set<number>>,
  log: Logger,
): (keys: string[]) => void {
  return (keys) => {
    const dropped = signInsDroppedBy(keys);
    if (!dropped) return;
    const polls = hub.heldFor(dropped);
    if (polls.length === 0) return;
    liveSessionIds([...new Set(polls.map((poll) => poll.sessionId))])
      .then((live) => {
        for (const poll of polls)
          if (!live.has(poll.sessionId)) hub.refuse(poll, unauthorized('登录状态已失效，请重新登录'));
      })
      .catch((error: unknown) => log.warn({ err: error }, 'could not re-check the sessions of held polls'));
  };
}
