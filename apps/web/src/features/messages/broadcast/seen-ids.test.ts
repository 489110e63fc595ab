import { describe, expect, it } from 'vitest';
import { seenIdsKey, takeUnseen } from './seen-ids';
import { fakeMessage, memoryStorage } from './test-fakes';

const KEY = seenIdsKey(1, 'S001');

describe('seen ids', () => {
  it('lets a message through once, even when it is answered again', () => {
    const storage = memoryStorage();
    expect(takeUnseen(storage, KEY, [fakeMessage(1), fakeMessage(2)]).map((m) => m.messageId)).toEqual([
      1, 2,
    ]);
    expect(takeUnseen(storage, KEY, [fakeMessage(2), fakeMessage(3)]).map((m) => m.messageId)).toEqual([3]);
  });

  it('drops a duplicate inside one answer', () => {
    const storage = memoryStorage();
    expect(takeUnseen(storage, KEY, [fakeMessage(4), fakeMessage(4)])).toHaveLength(1);
  });

  it('is shared by the tabs of the browser: a new poller does not show again what another showed', () => {
    const shared = memoryStorage();
    takeUnseen(shared, KEY, [fakeMessage(10)]);
    // Another tab (same localStorage) becomes the poller and gets the unacknowledged message again.
    expect(takeUnseen(shared, KEY, [fakeMessage(10), fakeMessage(11)]).map((m) => m.messageId)).toEqual([11]);
    // Another store of the same user has its own list.
    expect(takeUnseen(shared, seenIdsKey(1, 'S002'), [fakeMessage(10)])).toHaveLength(1);
  });

  it('remembers a bounded number of ids, the newest', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 30; id++) takeUnseen(storage, KEY, [fakeMessage(id)], 20);
    expect(JSON.parse(storage.getItem(KEY)!)).toHaveLength(20);
    expect(takeUnseen(storage, KEY, [fakeMessage(30)], 20)).toHaveLength(0);
    expect(takeUnseen(storage, KEY, [fakeMessage(1)], 20)).toHaveLength(1);
  });
});
