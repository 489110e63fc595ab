import { describe, expect, it, vi } from 'vitest';
import type { HeldPoll } from './poll-hub.js';
import { signedOutPollCloser } from './signed-out-polls.js';

const poll = (userId: number, sessionId: number) =>
  ({ inbox: { receiverId: userId }, sessionId }) as unknown as HeldPoll;
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('signedOutPollCloser', () => {
  const mine = poll(1, 11);
  const mineElsewhere = poll(1, 12);
  const other = poll(2, 21);
  const held = [mine, mineElsewhere, other];
  const hub = {
    heldFor: vi.fn((users: 'all' | Set<number>) =>
      users === 'all' ? held : held.filter((p) => users.has(p.inbox.receiverId)),
    ),
    refuse: vi.fn(),
  };

  it('answers 401 to the polls of the named users whose session ended, not to the others', async () => {
    const live = vi.fn(async () => new Set([12]));
    signedOutPollCloser(hub, live, { warn: vi.fn() })(['auth:user:1', '1:2']);
    await flush();
    expect(live).toHaveBeenCalledWith([11, 12]);
    expect(hub.refuse).toHaveBeenCalledTimes(1);
    expect(hub.refuse.mock.calls[0]![0]).toBe(mine);
    expect(hub.refuse.mock.calls[0]![1]).toMatchObject({ statusCode: 401 });
  });

  it('re-checks every held poll when every sign-in is dropped, and nothing for other keys', async () => {
    hub.refuse.mockClear();
    const live = vi.fn(async () => new Set([11, 12, 21]));
    const close = signedOutPollCloser(hub, live, { warn: vi.fn() });
    close(['3:4']);
    expect(live).not.toHaveBeenCalled();
    close(['auth:all']);
    await flush();
    expect(live).toHaveBeenCalledWith([11, 12, 21]);
    expect(hub.refuse).not.toHaveBeenCalled();
  });

  it('logs, and keeps the polls, when the sessions cannot be read', async () => {
    hub.refuse.mockClear();
    const warn = vi.fn();
    signedOutPollCloser(hub, () => Promise.reject(new Error('database away')), { warn })(['auth:user:2']);
    await flush();
    expect(hub.refuse).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledOnce();
  });
});
