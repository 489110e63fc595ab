import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './received-cursor.js';

describe('received-orders cursor', () => {
  it('round-trips the keyset of the last row', () => {
    const cursor = { takenAt: '2026-03-01T02:03:04.123456Z', id: 42 };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it.each([
    ['not base64 json', '!!!'],
    ['an object', Buffer.from('{"takenAt":"x","id":1}').toString('base64url')],
    ['a bad time', Buffer.from('["yesterday",1]').toString('base64url')],
    ['a millisecond time', Buffer.from('["2026-03-01T02:03:04.123Z",1]').toString('base64url')],
    ['a negative id', Buffer.from('["2026-03-01T02:03:04.123456Z",-1]').toString('base64url')],
    ['a fractional id', Buffer.from('["2026-03-01T02:03:04.123456Z",1.5]').toString('base64url')],
  ])('rejects %s', (_, value) => {
    expect(decodeCursor(value)).toBeNull();
  });
});
