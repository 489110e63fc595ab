import { EventEmitter } from 'node:events';
import type { Broadcast } from '@console/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Inbox } from './message-format.js';
import { createPollHub, EMPTY_BROADCAST, type HeldPoll } from './poll-hub.js';

const INBOX: Inbox = { receiverId: 1, storeId: 2, receiver: 'W1', storeCode: 'S1' };
const FOUND: Broadcast = { messageCount: 1, messageList: [] };

/** A fake reply: records what was sent; `raw` emits 'close' like a ServerResponse. */
function fakeReply() {
  const sent: unknown[] = [];
  const raw = new EventEmitter();
  return { sent, raw, send: (payload: unknown) => sent.push(payload) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const log = { error: vi.fn() };
const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe('poll hub', () => {
  it('checks once when holding and answers at once when something waits', async () => {
    const hub = createPollHub({ holdMs: 1_000, maxHeld: 10, fetch: async () => FOUND, log });
    const reply = fakeReply();
    hub.hold({ key: '1:2', inbox: INBOX, sessionId: 7, size: 100, markOnDelivery: false, reply });
    await flush();
    expect(reply.sent).toEqual([{ result: 0, data: FOUND, errorMsg: null, errorCode: null }]);
    expect(hub.size()).toBe(0);
  });

  it('checks again when a wake-up arrives during a check, so it is never lost', async () => {
    const answers = [deferred<Broadcast | null>(), deferred<Broadcast | null>()];
    let calls = 0;
    const hub = createPollHub({ holdMs: 1_000, maxHeld: 10, fetch: () => answers[calls++]!.promise, log });
    const reply = fakeReply();
    hub.hold({ key: '1:2', inbox: INBOX, sessionId: 7, size: 100, markOnDelivery: false, reply });
    hub.wake(['1:2']);
    hub.wake(['1:2']);
    answers[0]!.resolve(null);
    await flush();
    expect(calls).toBe(2);
    answers[1]!.resolve(FOUND);
    await flush();
    expect(reply.sent).toHaveLength(1);
    expect(hub.size()).toBe(0);
  });

  it('hands the acknowledged ids to the first check only', async () => {
    const seen: (readonly number[])[] = [];
    const hub = createPollHub({
      holdMs: 1_000,
      maxHeld: 10,
      fetch: async (_poll, ackIds) => {
        seen.push(ackIds);
        return seen.length === 2 ? FOUND : null;
      },
      log,
    });
    const reply = fakeReply();
    hub.hold({
      key: '1:2',
      inbox: INBOX,
      sessionId: 7,
      size: 100,
      markOnDelivery: false,
      reply,
      ackIds: [5, 6],
    });
    await flush();
    hub.wake(['1:2']);
    await flush();
    expect(seen).toEqual([[5, 6], []]);
    expect(reply.sent).toHaveLength(1);
  });

  it('answers empty after holdMs, and a check still running at expiry may answer what it found', async () => {
    vi.useFakeTimers();
    const pending = deferred<Broadcast | null>();
    let calls = 0;
    const hub = createPollHub({
      holdMs: 500,
      maxHeld: 10,
      fetch: () => (calls++ === 0 ? Promise.resolve(null) : pending.promise),
      log,
    });
    const idle = fakeReply();
    hub.hold({ key: 'a', inbox: INBOX, sessionId: 7, size: 1, markOnDelivery: true, reply: idle });
    await vi.advanceTimersByTimeAsync(500);
    expect(idle.sent).toEqual([{ result: 0, data: EMPTY_BROADCAST, errorMsg: null, errorCode: null }]);

    const busy = fakeReply();
    hub.hold({ key: 'b', inbox: INBOX, sessionId: 7, size: 1, markOnDelivery: true, reply: busy });
    await vi.advanceTimersByTimeAsync(500);
    expect(busy.sent).toEqual([]);
    pending.resolve(FOUND);
    await vi.advanceTimersByTimeAsync(0);
    expect((busy.sent[0] as { data: Broadcast }).data).toBe(FOUND);
  });

  it('drops a poll whose client went away and reports fullness', async () => {
    const hub = createPollHub({ holdMs: 10_000, maxHeld: 2, fetch: async () => null, log });
    const first = fakeReply();
    const second = fakeReply();
    hub.hold({ key: 'k', inbox: INBOX, sessionId: 7, size: 1, markOnDelivery: false, reply: first });
    hub.hold({ key: 'k', inbox: INBOX, sessionId: 7, size: 1, markOnDelivery: false, reply: second });
    await flush();
    expect(hub.full()).toBe(true);
    first.raw.emit('close');
    expect(hub.size()).toBe(1);
    expect(hub.full()).toBe(false);
    hub.releaseAll();
    expect(second.sent).toHaveLength(1);
    expect(first.sent).toHaveLength(0);
    expect(hub.has('k')).toBe(false);
  });

  it('sends the error when a check fails and forgets the poll', async () => {
    const failure = new Error('database down');
    const hub = createPollHub({ holdMs: 10_000, maxHeld: 2, fetch: () => Promise.reject(failure), log });
    const reply = fakeReply();
    const poll: HeldPoll = hub.hold({
      key: 'x',
      inbox: INBOX,
      sessionId: 7,
      size: 1,
      markOnDelivery: false,
      reply,
    });
    await flush();
    expect(reply.sent).toEqual([failure]);
    expect(poll.settled).toBe(true);
    expect(hub.size()).toBe(0);
  });

  it('lists the polls held for some users and refuses one, which leaves the hub', async () => {
    const hub = createPollHub({ holdMs: 10_000, maxHeld: 10, fetch: async () => null, log });
    const mine = fakeReply();
    const other = fakeReply();
    const poll = hub.hold({
      key: '1:2',
      inbox: INBOX,
      sessionId: 7,
      size: 1,
      markOnDelivery: false,
      reply: mine,
    });
    hub.hold({
      key: '9:2',
      inbox: { ...INBOX, receiverId: 9 },
      sessionId: 8,
      size: 1,
      markOnDelivery: false,
      reply: other,
    });
    await flush();
    expect(hub.heldFor(new Set([1]))).toEqual([poll]);
    expect(hub.heldFor('all')).toHaveLength(2);
    const ended = new Error('signed out');
    hub.refuse(poll, ended);
    hub.refuse(poll, ended);
    expect(mine.sent).toEqual([ended]);
    expect(hub.size()).toBe(1);
    expect(hub.heldFor(new Set([1]))).toEqual([]);
    hub.releaseAll();
  });

  it('tells how each poll ended and how many polls a wake-up re-checked', async () => {
    const outcomes: string[] = [];
    let found: Broadcast | null = null;
    const failing = new Set<string>();
    const hub = createPollHub({
      holdMs: 10_000,
      maxHeld: 10,
      fetch: async (poll) => {
        if (failing.has(poll.key)) throw new Error('database down');
        return found;
      },
      log,
      onSettle: (outcome) => outcomes.push(outcome),
    });
    const hold = (key: string, reply = fakeReply()) => {
      hub.hold({ key, inbox: INBOX, sessionId: 7, size: 1, markOnDelivery: false, reply });
      return reply;
    };
    const gone = hold('a');
    const refused = hold('b');
    hold('c');
    hold('c');
    hold('d');
    await flush();
    expect(outcomes).toEqual([]);
    gone.raw.emit('close');
    hub.refuse(
      hub.heldFor('all').find((poll) => poll.reply === refused)!,
      new Error('signed out'),
    );
    found = FOUND;
    expect(hub.wake(['c', 'nobody'])).toBe(2);
    await flush();
    failing.add('d');
    expect(hub.wake(['d'])).toBe(1);
    await flush();
    expect(outcomes).toEqual(['closed', 'refused', 'messages', 'messages', 'error']);
    found = null;
    hold('e');
    await flush();
    hub.releaseAll();
    expect(outcomes.at(-1)).toBe('empty');
    expect(hub.wake(['e'])).toBe(0);
  });

  it('answers acknowledging polls from delivered values, without a check, and leaves the others', async () => {
    let checks = 0;
    const hub = createPollHub({
      holdMs: 10_000,
      maxHeld: 10,
      fetch: async () => {
        checks += 1;
        return null;
      },
      log,
    });
    const acking = fakeReply();
    const marking = fakeReply();
    const elsewhere = fakeReply();
    hub.hold({ key: '1:2', inbox: INBOX, sessionId: 7, size: 5, markOnDelivery: false, reply: acking });
    hub.hold({ key: '1:2', inbox: INBOX, sessionId: 7, size: 5, markOnDelivery: true, reply: marking });
    hub.hold({ key: '3:2', inbox: INBOX, sessionId: 8, size: 5, markOnDelivery: false, reply: elsewhere });
    await flush();
    expect(checks).toBe(3);
    const answered = hub.deliver(new Map([['1:2', 4]]), (poll, value) => ({
      messageCount: value + poll.size,
      messageList: [],
    }));
    expect(answered).toBe(1);
    expect(acking.sent).toEqual([
      { result: 0, data: { messageCount: 9, messageList: [] }, errorMsg: null, errorCode: null },
    ]);
    expect(marking.sent).toEqual([]);
    expect(elsewhere.sent).toEqual([]);
    expect(checks).toBe(3);
    expect(hub.size()).toBe(2);
    expect(hub.deliver(new Map([['1:2', 4]]), () => FOUND)).toBe(0);
    hub.releaseAll();
  });

  it('a delivery during a running check is left to the wake-up, whose re-check answers in id order', async () => {
    // The running check may have read before the delivered rows committed: older waiting rows go first.
    const answers = [deferred<Broadcast | null>(), deferred<Broadcast | null>()];
    let calls = 0;
    const hub = createPollHub({ holdMs: 10_000, maxHeld: 10, fetch: () => answers[calls++]!.promise, log });
    const reply = fakeReply();
    hub.hold({ key: '1:2', inbox: INBOX, sessionId: 7, size: 5, markOnDelivery: false, reply });
    expect(hub.deliver(new Map([['1:2', 1]]), () => FOUND)).toBe(0);
    expect(hub.wake(['1:2'])).toBe(1);
    answers[0]!.resolve(null);
    await flush();
    expect(calls).toBe(2);
    const bothInOrder: Broadcast = { messageCount: 2, messageList: [] };
    answers[1]!.resolve(bothInOrder);
    await flush();
    expect(reply.sent).toEqual([{ result: 0, data: bothInOrder, errorMsg: null, errorCode: null }]);
    expect(hub.size()).toBe(0);
  });
});
