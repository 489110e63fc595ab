import { DownOutlined, MutedOutlined, SoundOutlined, UpOutlined } from '@ant-design/icons';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { BroadcastCard, cardTitle, typeColorStyle, typeNameOf } from './broadcast-card';
import styles from './broadcast.module.css';
import type { CardEntry, CardStore } from './card-store';
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

export type BroadcastLayout = 'desktop' | 'phone';

type StackProps = { cards: CardStore | null; player: SoundPlayer; layout?: BroadcastLayout };

/**
 * The pop-ups (issue 15 point 7: they never cover a page's primary actions). At most IM_LIMITS.maxCards are
 * kept, newest first.
 * - desktop: one card in the bottom-right corner, 还有N条 under it shows the others (收起 folds them again);
 * - phone: a one-line banner in the shell's header (it takes its own room, so nothing is covered) naming the
 *   newest; a tap unfolds every kept card under it, × closes them all.
 * The sound control sits in the corner (desktop) or on the banner's line (phone): a muted icon and text whenever
 * sound is off or blocked, a sound icon to turn it off while cards show.
 * `data-last-sound` names the last sound requested (browser tests read it; headless browsers may be silent),
 * `data-kept` how many cards are kept.
 */
export function BroadcastStack({ cards, player, layout = 'desktop' }: StackProps) {
  const entries = useSyncExternalStore(cards?.subscribe ?? noSubscription, () => cards?.cards() ?? NO_CARDS);
  const sound = useSyncExternalStore(player.subscribe, player.getState);
  const now = useNow(entries.length > 0);
  const [expandedWish, setExpanded] = useState(false);
  const newest = entries[0];
  // Folded again once nothing is left to unfold, so the next card comes folded.
  const expanded = expandedWish && entries.length > (layout === 'phone' ? 0 : 1);
  if (expandedWish && !expanded) setExpanded(false);
  const silenced = sound.muted || sound.blocked;
  const close = (id: number) => cards?.remove(id);
  const cardsOf = (list: readonly CardEntry[]) =>
    list.map((entry) => (
      <BroadcastCard key={entry.message.messageId} message={entry.message} now={now} onClose={close} />
    ));
  const soundControl = (silenced || entries.length > 0) && (
    <SoundControl player={player} silenced={silenced} />
  );
  const common = {
    'data-testid': 'broadcast-stack',
    'data-layout': layout,
    'data-kept': entries.length,
    'data-expanded': expanded,
    'data-last-sound': sound.lastSound || undefined,
    'aria-live': 'polite' as const,
  };

  if (layout === 'phone')
    return (
      <div className={styles.banner} {...common}>
        {(newest || soundControl) && (
          <div className={styles.bannerLine}>
            {newest && (
              <>
                <button
                  type="button"
                  className={styles.bannerToggle}
                  style={typeColorStyle(newest.message.businessType)}
                  data-testid="broadcast-banner"
                  aria-expanded={expanded}
                  onClick={() => setExpanded(!expanded)}
                >
                  <span className={styles.tag}>{typeNameOf(newest.message)}</span>
                  <span className={styles.bannerText}>
                    {cardTitle(newest.message)}
                    {newest.message.messageContent.text ? `：${newest.message.messageContent.text}` : ''}
                  </span>
                  {entries.length > 1 && (
                    <span className={styles.bannerCount}>{BROADCAST_LABELS.more(entries.length - 1)}</span>
                  )}
                  {expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                </button>
                <button
                  type="button"
                  className={styles.close}
                  aria-label={BROADCAST_LABELS.closeAll}
                  data-testid="broadcast-banner-close"
                  onClick={() => cards?.clear()}
                >
                  ×
                </button>
              </>
            )}
            {soundControl}
          </div>
        )}
        {expanded && <div className={styles.bannerPanel}>{cardsOf(entries)}</div>}
      </div>
    );

  return (
    <div className={styles.stack} {...common}>
      {cardsOf(expanded ? entries : entries.slice(0, 1))}
      {entries.length > 1 && (
        <button
          type="button"
          className={styles.more}
          data-testid="broadcast-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? BROADCAST_LABELS.collapse : BROADCAST_LABELS.more(entries.length - 1)}
        </button>
      )}
      {soundControl}
    </div>
  );
}

function SoundControl({ player, silenced }: { player: SoundPlayer; silenced: boolean }) {
  return (
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
  );
}
