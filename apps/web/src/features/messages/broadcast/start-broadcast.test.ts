import type { Message } from '@console/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageEvents } from '../../../lib/events/message-events';
import { createCardStore } from './card-store';
import type { LockManagerLike } from './leader-election';
import { startBroadcast, supplementWithRetry, type BroadcastEnv } from './start-broadcast';
import type { ChannelLike } from './tab-relay';
import { fakeChannels, fakeLocks, fakeMessage, memoryStorage } from './test-fakes';

const SCOPE = { userId: 1, workCode: 'staff', storeCode: 'S001' };
type Poll = { ackIds: number[]; answer(messages: Message[]): void; signal: AbortSignal };

/** One browser tab: its own card store, the shared localStorage, locks and channels of the browser. */
function openTab(browser: { shared: Storage; locks: LockManagerLike; channels: (n: string) => ChannelLike }) {
  const polls: Poll[] = [];
  const sounds: string[] = [];
  const cards = createCardStore({
    storage: memoryStorage(),
    storageKey: 'cards',
    isVisible: () => true,
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  });
  const env: BroadcastEnv = {
    supplement: vi.fn(() => Promise.resolve()),
    listen: (_scope, ackIds, signal) =>
      new Promise((resolve, reject) => {
        polls.push({ ackIds, answer: resolve, signal });
        signal.addEventListener('abort', () => reject({ cancelled: true }));
      }),
    statusOf: () => null,
    isCancel: (error) => (error as { cancelled?: boolean }).cancelled === true,
    locks: browser.locks,
    createChannel: browser.channels,
    sharedStorage: browser.shared,
    cards,
    playSound: (key) => sounds.push(key),
    showOffline: vi.fn(),
    showFailure: vi.fn(),
    showHistoryFailed: vi.fn(),
    isOnline: () => true,
    windowEvents: new EventTarget(),
    documentEvents: new EventTarget(),
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
      now: () => Date.now(),
    },
  };
  const stop = startBroadcast(SCOPE, env);
  const shown = () => cards.cards().map((c) => c.message.messageId);
  return { env, polls, sounds, cards, stop, shown };
}

function browser() {
  return { shared: memoryStorage(), locks: fakeLocks(), channels: fakeChannels() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('broadcast across tabs', () => {
  it('supplements history first, then polls in one tab only; the other shows the cards from the channel', async () => {
    const b = browser();
    const tab1 = openTab(b);
    const tab2 = openTab(b);
    await flush();
    expect(tab1.env.supplement).toHaveBeenCalledTimes(1);
    expect(tab1.polls).toHaveLength(1);
    expect(tab2.polls).toHaveLength(0);

    const delivered = vi.fn();
    const off = messageEvents.on('delivered', delivered);
    tab1.polls[0]!.answer([
      fakeMessage(1, {
        businessType: 1,
        messageContent: { messageType: 1, title: '', text: 't', expandInfo: {} },
      }),
    ]);
    await flush();
    off();
    expect(tab1.shown()).toEqual([1]);
    expect(tab2.shown()).toEqual([1]);
    // One sound per browser, by the message kind (online order, new order → waitForShip).
    expect(tab1.sounds).toEqual(['waitForShip']);
    expect(tab2.sounds).toEqual([]);
    // Each tab tells its own message center.
    expect(delivered).toHaveBeenCalledTimes(2);
    expect(tab1.polls[1]!.ackIds).toEqual([1]);
    tab1.stop();
    tab2.stop();
  });

  it('a new leader takes over when the leading tab closes, and shows nothing twice', async () => {
    const b = browser();
    const tab1 = openTab(b);
    const tab2 = openTab(b);
    await flush();
    tab1.polls[0]!.answer([fakeMessage(5)]);
    await flush();
    // The acknowledgement of 5 never reached the server: tab 1 closes with its next poll in flight.
    tab1.stop();
    await flush();
    expect(tab1.polls.at(-1)!.signal.aborted).toBe(true);
    expect(tab2.polls).toHaveLength(1);
    expect(tab2.polls[0]!.ackIds).toEqual([]);
    // The server answers 5 again (at-least-once) with a new one: only 6 is new.
    tab2.polls[0]!.answer([fakeMessage(5), fakeMessage(6)]);
    await flush();
    expect(tab2.shown()).toEqual([6, 5]);
    expect(tab2.sounds).toHaveLength(1);
    expect(tab2.polls[1]!.ackIds).toEqual([5, 6]);
    tab2.stop();
  });

  it("pops nothing up about the receiver's own grab, yet tells every tab's message center", async () => {
    const b = browser();
    const tab1 = openTab(b);
    const tab2 = openTab(b);
    await flush();
    const delivered = vi.fn();
    const off = messageEvents.on('delivered', delivered);
    const grab = (id: number, actorWorkCode: string) =>
      fakeMessage(id, {
        businessType: 2,
        messageContent: {
          messageType: 5,
          title: '',
          text: '订单 OMS1 已接单',
          expandInfo: { actorWorkCode },
        },
      });
    // 7: staff (this receiver) grabbed it; 8: a colleague did.
    tab1.polls[0]!.answer([grab(7, 'staff'), grab(8, 'S2002')]);
    await flush();
    off();
    expect(tab1.shown()).toEqual([8]);
    expect(tab2.shown()).toEqual([8]);
    expect(tab1.sounds).toEqual(['waitForShip']);
    expect(delivered.mock.calls.map(([messages]) => messages.map((m: Message) => m.messageId))).toEqual([
      [7, 8],
      [7, 8],
    ]);
    expect(tab1.polls[1]!.ackIds).toEqual([7, 8]);
    tab1.stop();
    tab2.stop();
  });

  it('removes the card of an opened message in every tab, and all cards on clear', async () => {
    const b = browser();
    const tab1 = openTab(b);
    const tab2 = openTab(b);
    await flush();
    tab1.polls[0]!.answer([fakeMessage(1), fakeMessage(2)]);
    await flush();
    messageEvents.emit('opened', 1);
    await flush();
    expect(tab1.shown()).toEqual([2]);
    expect(tab2.shown()).toEqual([2]);
    messageEvents.emit('cleared', undefined);
    await flush();
    expect(tab1.shown()).toEqual([]);
    expect(tab2.shown()).toEqual([]);
    tab1.stop();
    tab2.stop();
  });

  it('shows messages that arrived while hidden when the page becomes visible', async () => {
    const b = browser();
    const tab = openTab(b);
    let visible = true;
    const cards = createCardStore({
      storage: memoryStorage(),
      storageKey: 'cards',
      isVisible: () => visible,
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as number),
    });
    tab.stop();
    const documentEvents = new EventTarget();
    const polls: Poll[] = [];
    const stop = startBroadcast(SCOPE, {
      ...tab.env,
      cards,
      documentEvents,
      listen: (_s, ackIds, signal) => new Promise((answer) => polls.push({ ackIds, answer, signal })),
    });
    await flush();
    visible = false;
    polls[0]!.answer([fakeMessage(9)]);
    await flush();
    expect(cards.cards()).toEqual([]);
    visible = true;
    documentEvents.dispatchEvent(new Event('visibilitychange'));
    expect(cards.cards().map((c) => c.message.messageId)).toEqual([9]);
    stop();
  });

  it('says 拉取历史消息失败 after three failed supplements, and polls anyway', async () => {
    const b = browser();
    const tab = openTab(b);
    tab.stop();
    const supplement = vi.fn(() => Promise.reject(new Error('down')));
    const polls: Poll[] = [];
    const stop = startBroadcast(SCOPE, {
      ...tab.env,
      supplement,
      listen: (_s, ackIds, signal) => new Promise((answer) => polls.push({ ackIds, answer, signal })),
    });
    await flush();
    expect(supplement).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(supplement).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(supplement).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(supplement).toHaveBeenCalledTimes(3);
    expect(tab.env.showHistoryFailed).toHaveBeenCalledTimes(1);
    expect(polls).toHaveLength(1);
    stop();
  });

  it('a supplement that succeeds on the second try needs no notice', async () => {
    const supplement = vi.fn().mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(undefined);
    const result = supplementWithRetry(
      {
        supplement,
        timers: {
          setTimeout: (c, ms) => setTimeout(c, ms),
          clearTimeout: (h) => clearTimeout(h as number),
          now: Date.now,
        },
      },
      SCOPE,
      new AbortController().signal,
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe(true);
    expect(supplement).toHaveBeenCalledTimes(2);
  });
});
