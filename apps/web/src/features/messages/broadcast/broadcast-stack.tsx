import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { IM_LIMITS } from '@console/contract';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BroadcastCard } from './broadcast-card';
import styles from './broadcast.module.css';
import type { CardStore } from './card-store';
import { BROADCAST_LABELS } from './labels';
import type { SoundPlayer } from './sound-player';

const NO_CARDS: never[] = [];
const noSubscription = () => () => undefined;
/** Relative times ("3分钟前") move on while a card is up. */
const CLOCK_MS = 30_000;

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // A card that just arrived is 刚刚 at the next tick as well; the first tick comes at once.
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active]);
  return now;
}

/**
 * The bottom-right stack: at most IM_LIMITS.maxCards cards (newest on top; older ones wait and move up when one
 * closes), and below them, in the corner, the sound control — a muted icon and text whenever sound is off or
 * blocked, a sound icon to turn it off while cards show. Nothing of it covers a page's top-right actions.
 * `data-last-sound` names the last sound requested (browser tests read it; headless browsers may be silent).
 */
export function BroadcastStack({ cards, player }: { cards: CardStore | null; player: SoundPlayer }) {
  const entries = useSyncExternalStore(cards?.subscribe ?? noSubscription, () => cards?.cards() ?? NO_CARDS);
  const sound = useSyncExternalStore(player.subscribe, player.getState);
  const now = useNow(entries.length > 0);
  const visible = entries.slice(0, IM_LIMITS.maxCards);
  const waiting = entries.length - visible.length;
  const silenced = sound.muted || sound.blocked;

  return (
    <div
      className={styles.stack}
      data-testid="broadcast-stack"
      data-last-sound={sound.lastSound || undefined}
      aria-live="polite"
    >
      {visible.map((entry) => (
        <BroadcastCard
          key={entry.message.messageId}
          message={entry.message}
          now={now}
          onClose={(id) => cards?.remove(id)}
        />
      ))}
      {waiting > 0 && <div className={styles.more}>{BROADCAST_LABELS.more(waiting)}</div>}
      {(silenced || entries.length > 0) && (
        <button
          type="button"
          className={styles.soundControl}
          data-muted={silenced}
          data-testid={silenced ? 'sound-muted' : 'sound-toggle'}
          title={silenced ? BROADCAST_LABELS.soundOn : BROADCAST_LABELS.soundOff}
          aria-label={silenced ? BROADCAST_LABELS.soundOn : BROADCAST_LABELS.soundOff}
          onClick={() => (silenced ? player.turnOn() : player.turnOff())}
        >
          {silenced ? (
            <>
              <MutedOutlined aria-hidden /> {BROADCAST_LABELS.soundMuted}
            </>
          ) : (
            <SoundOutlined aria-hidden />
          )}
        </button>
      )}
    </div>
  );
}
