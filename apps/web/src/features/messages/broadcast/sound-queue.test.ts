import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSoundQueue, SOUND_MAX_MS, type AudioLike, type SoundQueueDeps } from './sound-queue';

type FakeAudio = AudioLike & { src: string; end(): void };

function setup(play: (src: string) => Promise<void> = () => Promise.resolve(), muted = false) {
  const audios: FakeAudio[] = [];
  const deps: SoundQueueDeps = {
    createAudio(src) {
      const listeners: Record<string, () => void> = {};
      const audio: FakeAudio = {
        src,
        play: () => play(src),
        pause: vi.fn(),
        addEventListener: (type, listener) => {
          listeners[type] = listener;
        },
        end: () => listeners.ended?.(),
      };
      audios.push(audio);
      return audio;
    },
    onRequested: vi.fn(),
    onBlocked: vi.fn(),
    onFailed: vi.fn(),
    onStateChange: vi.fn(),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
  };
  return { queue: createSoundQueue(deps, muted), deps, audios };
}

const blocked = () => Promise.reject(Object.assign(new Error('autoplay'), { name: 'NotAllowedError' }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sound queue', () => {
  it('plays one sound after another, in order, never two at once', async () => {
    const { queue, audios, deps } = setup();
    queue.enqueue('waitForShip');
    queue.enqueue('orderCancel');
    queue.enqueue('storeDelivery');
    await vi.advanceTimersByTimeAsync(0);
    expect(audios.map((a) => a.src)).toEqual(['/sounds/waitForShip.mp3']);
    audios[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(audios.map((a) => a.src)).toEqual(['/sounds/waitForShip.mp3', '/sounds/orderCancel.mp3']);
    audios[1]!.end();
    audios[1]!.end(); // a second ended event changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(audios).toHaveLength(3);
    expect(vi.mocked(deps.onRequested).mock.calls.map(([key]) => key)).toEqual([
      'waitForShip',
      'orderCancel',
      'storeDelivery',
    ]);
  });

  it('moves on when a sound never reports its end', async () => {
    const { queue, audios } = setup();
    queue.enqueue('a');
    queue.enqueue('b');
    await vi.advanceTimersByTimeAsync(SOUND_MAX_MS);
    expect(audios).toHaveLength(2);
  });

  it('asks to turn sound on when autoplay is blocked, and plays the waiting sounds after 确定', async () => {
    let allowed = false;
    const { queue, deps, audios } = setup(() => (allowed ? Promise.resolve() : blocked()));
    queue.enqueue('orderRemind');
    queue.enqueue('defaultRemind');
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.onBlocked).toHaveBeenCalledTimes(1);
    expect(queue.blocked()).toBe(true);
    expect(queue.pending()).toBe(2);
    allowed = true;
    queue.unlock();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.blocked()).toBe(false);
    expect(audios.at(-1)!.src).toBe('/sounds/orderRemind.mp3');
    audios.at(-1)!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(audios.at(-1)!.src).toBe('/sounds/defaultRemind.mp3');
  });

  it('reports other failures and goes on with the next sound', async () => {
    const { queue, deps, audios } = setup((src) =>
      src.includes('missing') ? Promise.reject(new Error('decode')) : Promise.resolve(),
    );
    queue.enqueue('missing');
    queue.enqueue('orderRemind');
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.onFailed).toHaveBeenCalledWith('missing', expect.any(Error));
    expect(deps.onBlocked).not.toHaveBeenCalled();
    expect(audios.at(-1)!.src).toBe('/sounds/orderRemind.mp3');
  });

  it('queues nothing while muted, and plays again when turned on', async () => {
    const { queue, audios } = setup(undefined, true);
    queue.enqueue('orderRemind');
    await vi.advanceTimersByTimeAsync(0);
    expect(audios).toHaveLength(0);
    queue.setMuted(false);
    queue.enqueue('orderRemind');
    await vi.advanceTimersByTimeAsync(0);
    expect(audios).toHaveLength(1);
  });
});
