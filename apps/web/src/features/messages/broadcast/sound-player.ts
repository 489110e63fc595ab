import { trackEvent } from '../../../lib/analytics';
import { notify } from '../../../lib/notify';
import { BROADCAST_LABELS } from './labels';
import { createSoundQueue, type SoundQueue } from './sound-queue';

const MUTED_KEY = 'im-sound-muted';
const VOICE_FAILURE_KEY = 'im-voice-failure-day';

declare global {
  interface Window {
    /** Sounds requested by the broadcast, outside production builds (browser tests assert on it). */
    __soundLog?: string[];
  }
}

export type SoundPlayerState = { muted: boolean; blocked: boolean; lastSound: string };

/** Spec 8: a voice failure is reported to analytics at most once a day. */
export function reportVoiceFailureOncePerDay(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  today: string,
  report: () => void,
): boolean {
  if (storage.getItem(VOICE_FAILURE_KEY) === today) return false;
  storage.setItem(VOICE_FAILURE_KEY, today);
  report();
  return true;
}

function localDay(): string {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

/** The tab's sound player: the queue wired to the browser, with a state React can subscribe to. */
function createSoundPlayer() {
  const listeners = new Set<() => void>();
  let state: SoundPlayerState = {
    muted: localStorage.getItem(MUTED_KEY) === '1',
    blocked: false,
    lastSound: '',
  };
  let prompting = false;
  let queue: SoundQueue | null = null;

  const update = (next: Partial<SoundPlayerState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };
  const sync = () => {
    if (queue) update({ muted: queue.muted(), blocked: queue.blocked() });
  };

  queue = createSoundQueue(
    {
      createAudio: (src) => new Audio(src),
      onRequested(key) {
        update({ lastSound: key });
        if (!import.meta.env.PROD) (window.__soundLog ??= []).push(key);
      },
      onBlocked() {
        if (prompting) return;
        prompting = true;
        void notify
          .confirm({
            title: BROADCAST_LABELS.tip,
            content: BROADCAST_LABELS.autoplayBlocked,
            okText: BROADCAST_LABELS.ok,
            cancelText: BROADCAST_LABELS.cancel,
          })
          .then((ok) => {
            prompting = false;
            if (ok) queue?.unlock();
          });
      },
      onFailed() {
        reportVoiceFailureOncePerDay(localStorage, localDay(), () =>
          trackEvent('消息中心', '提示音播放失败', window.location.pathname || '/', false),
        );
      },
      onStateChange: sync,
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    state.muted,
  );

  return {
    enqueue: (key: string) => queue.enqueue(key),
    /** The muted control: turns sound on (and unlocks a blocked queue: the click is a user gesture). */
    turnOn() {
      localStorage.removeItem(MUTED_KEY);
      if (queue.muted()) queue.setMuted(false);
      else queue.unlock();
    },
    turnOff() {
      localStorage.setItem(MUTED_KEY, '1');
      queue.setMuted(true);
    },
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type SoundPlayer = ReturnType<typeof createSoundPlayer>;

let player: SoundPlayer | null = null;

export function soundPlayer(): SoundPlayer {
  return (player ??= createSoundPlayer());
}
