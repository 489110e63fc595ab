import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './emitter';

describe('createEmitter', () => {
  it('calls the listeners of an event with its payload until they unsubscribe', () => {
    const emitter = createEmitter<{ switched: { code: string }; other: undefined }>();
    const listener = vi.fn();
    const other = vi.fn();
    const off = emitter.on('switched', listener);
    emitter.on('other', other);
    emitter.emit('switched', { code: 'A1' });
    expect(listener).toHaveBeenCalledWith({ code: 'A1' });
    expect(other).not.toHaveBeenCalled();
    off();
    emitter.emit('switched', { code: 'A2' });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
