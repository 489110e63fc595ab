import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardCacheKey, createCardStore } from './card-store';
import { fakeMessage, memoryStorage } from './test-fakes';

const KEY = cardCacheKey(1, 'S001');

function setup(storage = memoryStorage(), visible = { value: true }) {
  const store = createCardStore({
    storage,
    storageKey: KEY,
    isVisible: () => visible.value,
    now: () => Date.now(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  });
  return { store, storage, visible };
}

const ids = (entries: { message: { messageId: number } }[]) => entries.map((e) => e.message.messageId);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('card store', () => {
  it('keeps at most 3 cards, newest first: a fourth pushes the oldest out for good', () => {
    const { store } = setup();
    store.add([fakeMessage(1), fakeMessage(2)]);
    store.add([fakeMessage(3), fakeMessage(4)]);
    expect(ids(store.cards())).toEqual([4, 3, 2]);
    store.remove(3);
    expect(ids(store.cards())).toEqual([4, 2]);
    // The pushed-out card's timer is gone too: the others still leave on time.
    vi.advanceTimersByTime(300_000);
    expect(store.cards()).toEqual([]);
  });

  it('removes a card 5 minutes after it came on screen', () => {
    const { store } = setup();
    store.add([fakeMessage(1)]);
    vi.advanceTimersByTime(120_000);
    store.add([fakeMessage(2)]);
    vi.advanceTimersByTime(179_999);
    expect(ids(store.cards())).toEqual([2, 1]);
    vi.advanceTimersByTime(1);
    expect(ids(store.cards())).toEqual([2]);
    vi.advanceTimersByTime(120_000);
    expect(store.cards()).toEqual([]);
  });

  it('holds messages while the page is hidden and shows them when it becomes visible', () => {
    const { store, visible } = setup();
    const listener = vi.fn();
    store.subscribe(listener);
    visible.value = false;
    store.add([fakeMessage(5)]);
    expect(store.cards()).toEqual([]);
    expect(store.heldCount()).toBe(1);
    // Hidden for 10 minutes: the card still gets its full 5 minutes once seen.
    vi.advanceTimersByTime(600_000);
    visible.value = true;
    store.showHeld();
    expect(ids(store.cards())).toEqual([5]);
    expect(store.heldCount()).toBe(0);
    expect(listener).toHaveBeenCalled();
    vi.advanceTimersByTime(299_000);
    expect(ids(store.cards())).toEqual([5]);
  });

  it('restores cards from sessionStorage on reload only while younger than 5 minutes', () => {
    const storage = memoryStorage();
    const first = setup(storage).store;
    first.add([fakeMessage(1)]);
    vi.advanceTimersByTime(200_000);
    first.add([fakeMessage(2)]);
    first.dispose();

    vi.advanceTimersByTime(150_000); // card 1 is 350 s old, card 2 150 s
    const reloaded = setup(storage).store;
    expect(ids(reloaded.cards())).toEqual([2]);
    // The restored card keeps its age: it goes 5 minutes after it first showed.
    vi.advanceTimersByTime(149_000);
    expect(ids(reloaded.cards())).toEqual([2]);
    vi.advanceTimersByTime(1_000);
    expect(reloaded.cards()).toEqual([]);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('keeps each user and store apart and survives a corrupt cache', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, '{not json');
    const { store } = setup(storage);
    expect(store.cards()).toEqual([]);
    store.add([fakeMessage(1)]);
    expect(storage.getItem(cardCacheKey(1, 'S002'))).toBeNull();
    expect(JSON.parse(storage.getItem(KEY)!).cards).toHaveLength(1);
  });

  it('clears every card and held message', () => {
    const { store, visible } = setup();
    store.add([fakeMessage(1)]);
    visible.value = false;
    store.add([fakeMessage(2)]);
    store.clear();
    visible.value = true;
    store.showHeld();
    expect(store.cards()).toEqual([]);
  });
});
