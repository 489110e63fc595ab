import type { Broadcast } from '@console/contract';
import { ok } from '../../http/envelope.js';
import type { PollOutcome } from '../../platform/metrics/app-metrics.js';
import type { Inbox } from './message-format.js';

/** The part of a Fastify reply a held poll needs. */
export type PollReply = {
  send(payload: unknown): unknown;
  /** Sets a response header (Fastify's reply has it; shutdown asks for `Connection: close`). */
  header?(name: string, value: string): unknown;
  raw: { once(event: 'close', listener: () => void): unknown };
};

/** One held long poll: one small object and one timer. */
export type HeldPoll = {
  readonly key: string;
  readonly inbox: Inbox;
  /** The sign-in it was held for: when that ends, the poll is answered 401 (`refuse`). */
  readonly sessionId: number;
  readonly size: number;
  /** A spec client without acknowledgement: answered messages are marked delivered. */
  readonly markOnDelivery: boolean;
  readonly reply: PollReply;
  /** The ids this poll acknowledges: handed to its first check, which acknowledges them in the same statement. */
  ackIds: readonly number[];
  timer: NodeJS.Timeout | undefined;
  checking: boolean;
  /** A wake-up arrived while checking: check once more. */
  recheck: boolean;
  /** The hold time ran out while checking: answer empty unless the check finds something. */
  expired: boolean;
  settled: boolean;
};

export type PollHub = ReturnType<typeof createPollHub>;

const NO_ACKS: readonly number[] = Object.freeze([]);

export const EMPTY_BROADCAST: Broadcast = Object.freeze({ messageCount: 0, messageList: [] }) as Broadcast;

type HubOptions = {
  holdMs: number;
  maxHeld: number;
  /**
   * The waiting messages of the poll's inbox, or null when there are none; `ackIds` (the poll's, on its first
   * check only) are acknowledged first.
   */
  fetch(poll: HeldPoll, ackIds: readonly number[]): Promise<Broadcast | null>;
  log: { error(details: object, message: string): void };
  /** Told how each held poll ended (platform/metrics). */
  onSettle?: (outcome: PollOutcome) => void;
};

/**
 * Held long polls by inbox key (`receiverId:storeId`). A wake for a key re-checks its polls against the
 * database, so a duplicated or lost wake-up is harmless. The only answer from memory is `deliver`: messages
 * this instance has just committed, which are pending until acknowledged whatever the answer says.
 */
export function createPollHub(options: HubOptions) {
  const { holdMs, maxHeld, fetch, log } = options;
  const onSettle = options.onSettle ?? (() => undefined);
  const byKey = new Map<string, Set<HeldPoll>>();
  const byResponse = new WeakMap<object, HeldPoll>();
  let held = 0;

  function release(poll: HeldPoll): void {
    poll.settled = true;
    if (poll.timer) clearTimeout(poll.timer);
    poll.timer = undefined;
    const polls = byKey.get(poll.key);
    if (polls?.delete(poll)) {
      held -= 1;
      if (polls.size === 0) byKey.delete(poll.key);
    }
  }

  function answer(poll: HeldPoll, broadcast: Broadcast): void {
    if (poll.settled) return;
    release(poll);
    onSettle(broadcast === EMPTY_BROADCAST ? 'empty' : 'messages');
    poll.reply.send(ok(broadcast));
  }

  function check(poll: HeldPoll): void {
    if (poll.settled) return;
    if (poll.checking) {
      poll.recheck = true;
      return;
    }
    poll.checking = true;
    void run(poll);
  }

  async function run(poll: HeldPoll): Promise<void> {
    try {
      do {
        poll.recheck = false;
        const { ackIds } = poll;
        poll.ackIds = NO_ACKS;
        const found = await fetch(poll, ackIds);
        if (poll.settled) return;
        if (found) return answer(poll, found);
        if (poll.expired) return answer(poll, EMPTY_BROADCAST);
      } while (poll.recheck);
    } catch (error) {
      log.error({ err: error }, 'long-poll check failed');
      if (!poll.settled) {
        release(poll);
        onSettle('error');
        poll.reply.send(error);
      }
    } finally {
      poll.checking = false;
    }
  }

  function expire(poll: HeldPoll): void {
    poll.timer = undefined;
    if (poll.checking) poll.expired = true;
    else answer(poll, EMPTY_BROADCAST);
  }

  // Shared by every poll (no closure per poll): `this` is the closed response.
  function onResponseClose(this: object): void {
    const poll = byResponse.get(this);
    if (poll && !poll.settled) {
      release(poll);
      onSettle('closed');
    }
  }

  return {
    /** Polls held now. */
    size: () => held,
    full: () => held >= maxHeld,
    has: (key: string) => byKey.has(key),
    keys: () => byKey.keys(),

    /**
     * Holds the poll and checks the database once (a message may have arrived before it was registered),
     * acknowledging its `ackIds` in that check.
     * `holdMs`: this poll's hold when shorter than the hub's (a poll a proxy replayed from a lost instance).
     */
    hold(
      init: Pick<HeldPoll, 'key' | 'inbox' | 'sessionId' | 'size' | 'markOnDelivery' | 'reply'> & {
        holdMs?: number;
        ackIds?: readonly number[];
      },
    ): HeldPoll {
      const { holdMs: ownHoldMs, ackIds, ...fields } = init;
      const poll: HeldPoll = {
        ...fields,
        ackIds: ackIds ?? NO_ACKS,
        timer: undefined,
        checking: false,
        recheck: false,
        expired: false,
        settled: false,
      };
      let polls = byKey.get(poll.key);
      if (!polls) {
        polls = new Set();
        byKey.set(poll.key, polls);
      }
      polls.add(poll);
      held += 1;
      poll.timer = setTimeout(expire, Math.max(0, Math.min(holdMs, ownHoldMs ?? holdMs)), poll);
      byResponse.set(poll.reply.raw, poll);
      poll.reply.raw.once('close', onResponseClose);
      check(poll);
      return poll;
    },

    /** Re-checks the polls held for `keys`; answers how many there were. */
    wake(keys: Iterable<string>): number {
      let woken = 0;
      for (const key of keys) {
        const polls = byKey.get(key);
        if (!polls) continue;
        woken += polls.size;
        for (const poll of [...polls]) check(poll);
      }
      return woken;
    },

    /**
     * Answers the acknowledging polls held for each key of `values` with `answerOf(poll, value)`, without
     * checking the database: the messages this instance has just committed for that inbox. Left to the wake-up
     * that follows: polls that mark on delivery, and polls whose check is running (it may have read before these
     * rows committed, and answering only them would put them on the wire ahead of older waiting ones, which the
     * console would then show on top). Answers how many polls were answered.
     */
    deliver<T>(values: ReadonlyMap<string, T>, answerOf: (poll: HeldPoll, value: T) => Broadcast): number {
      let answered = 0;
      for (const [key, value] of values) {
        const polls = byKey.get(key);
        if (!polls) continue;
        for (const poll of [...polls]) {
          if (poll.markOnDelivery || poll.settled || poll.checking) continue;
          answer(poll, answerOf(poll, value));
          answered += 1;
        }
      }
      return answered;
    },

    /** The polls held for some users, or for everybody. */
    heldFor(userIds: 'all' | Set<number>): HeldPoll[] {
      const polls = [...byKey.values()].flatMap((set) => [...set]);
      return userIds === 'all' ? polls : polls.filter((poll) => userIds.has(poll.inbox.receiverId));
    },

    /** Ends a held poll with an error answer (its sign-in ended). */
    refuse(poll: HeldPoll, error: Error): void {
      if (poll.settled) return;
      release(poll);
      onSettle('refused');
      poll.reply.send(error);
    },

    /**
     * Answers every held poll with an empty list (shutdown): clients simply poll again elsewhere. With
     * `Connection: close`, so neither a browser nor a proxy sends the next poll down the same connection to an
     * instance that is closing (it stopped accepting new connections before this).
     */
    releaseAll(): void {
      for (const polls of [...byKey.values()])
        for (const poll of [...polls]) {
          if (poll.settled) continue;
          poll.reply.header?.('connection', 'close');
          answer(poll, EMPTY_BROADCAST);
        }
    },
  };
}
