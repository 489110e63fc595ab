/** The part of HTMLAudioElement the queue uses. */
export type AudioLike = {
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void, options?: { once?: boolean }): void;
};

export type SoundQueueDeps = {
  createAudio(src: string): AudioLike;
  /** Every sound started (tests and Playwright read it: headless browsers may have no audio device). */
  onRequested(key: string): void;
  /** The browser refused to play without a user gesture: ask the user to turn sound on. */
  onBlocked(): void;
  /** A sound that could not play for another reason (missing file, decode error). */
  onFailed(key: string, error: unknown): void;
  /** Muted or blocked changed: the indicator re-renders. */
  onStateChange(): void;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

/** A sound that never reports its end (no audio device) must not hold the queue forever. */
export const SOUND_MAX_MS = 8_000;

export function soundUrl(key: string): string {
  return `/sounds/${key}.mp3`;
}

export type SoundQueue = {
  enqueue(key: string): void;
  /** After the user's click on 确定 (a user gesture): play what waits. */
  unlock(): void;
  setMuted(muted: boolean): void;
  muted(): boolean;
  blocked(): boolean;
  pending(): number;
  dispose(): void;
};

function isAutoplayBlock(error: unknown): boolean {
  return error instanceof Error && error.name === 'NotAllowedError';
}

/**
 * One sound after another, never overlapping (spec 4.6). When autoplay is blocked the queue waits, keeping
 * the sound that was refused, until `unlock`; while muted nothing is queued.
 */
export function createSoundQueue(deps: SoundQueueDeps, initiallyMuted = false): SoundQueue {
  const queue: string[] = [];
  let playing = false;
  let isMuted = initiallyMuted;
  let isBlocked = false;
  let disposed = false;
  let current: AudioLike | null = null;

  function playNext() {
    if (playing || isBlocked || isMuted || disposed) return;
    const key = queue[0];
    if (key === undefined) return;
    playing = true;
    const audio = deps.createAudio(soundUrl(key));
    current = audio;
    let finished = false;
    let guard: unknown = null;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (guard !== null) deps.clearTimeout(guard);
      current = null;
      playing = false;
      playNext();
    };
    deps.onRequested(key);
    audio.addEventListener('ended', finish, { once: true });
    audio.addEventListener('error', finish, { once: true });
    audio.play().then(
      () => {
        queue.shift();
        guard = deps.setTimeout(finish, SOUND_MAX_MS);
      },
      (error: unknown) => {
        finished = true;
        current = null;
        playing = false;
        if (isAutoplayBlock(error)) {
          isBlocked = true;
          deps.onStateChange();
          deps.onBlocked();
          return;
        }
        queue.shift();
        deps.onFailed(key, error);
        playNext();
      },
    );
  }

  return {
    enqueue(key) {
      if (isMuted || disposed) return;
      queue.push(key);
      playNext();
    },
    unlock() {
      if (!isBlocked) return;
      isBlocked = false;
      deps.onStateChange();
      playNext();
    },
    setMuted(muted) {
      isMuted = muted;
      if (muted) {
        queue.length = 0;
        current?.pause();
      } else {
        isBlocked = false;
      }
      deps.onStateChange();
      playNext();
    },
    muted: () => isMuted,
    blocked: () => isBlocked,
    pending: () => queue.length,
    dispose() {
      disposed = true;
      queue.length = 0;
      current?.pause();
    },
  };
}
