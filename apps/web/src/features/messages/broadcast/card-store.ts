import type { Message } from '@console/contract';
import { IM_LIMITS } from '@console/contract';
import type { StorageLike } from './seen-ids';

/** A card and the time it came on screen (or arrived, while still held); its 5 minutes count from there. */
export type CardEntry = { message: Message; at: number };

export type CardStoreDeps = {
  /** sessionStorage: the cards of this tab survive a reload, not the tab. */
  storage: StorageLike & Pick<Storage, 'removeItem'>;
  storageKey: string;
  isVisible(): boolean;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type CardStore = {
  /** New messages: shown at once, or held while the page is hidden. */
  add(messages: Message[]): void;
  /** The page became visible: held messages come on screen now. */
  showHeld(): void;
  remove(messageId: number): void;
  clear(): void;
  /** Newest first, at most IM_LIMITS.maxCards (older ones leave the pop-ups; the message center keeps them). */
  cards(): CardEntry[];
  heldCount(): number;
  subscribe(listener: () => void): () => void;
  /** Stops the expiry timers (the cache stays for a reload). */
  dispose(): void;
};

export function cardCacheKey(userId: number, storeCode: string): string {
  return `im-broadcast-cards:${userId}:${storeCode}`;
}

type Cached = { cards: CardEntry[]; held: CardEntry[] };

function readCache(deps: CardStoreDeps): Cached {
  try {
    const value = JSON.parse(deps.storage.getItem(deps.storageKey) ?? 'null') as Partial<Cached> | null;
    const valid = (list: unknown): CardEntry[] =>
      Array.isArray(list)
        ? list.filter(
            (e: Partial<CardEntry>) => typeof e?.at === 'number' && typeof e.message?.messageId === 'number',
          )
        : [];
    return { cards: valid(value?.cards), held: valid(value?.held) };
  } catch {
    return { cards: [], held: [] };
  }
}

/**
 * The broadcast cards of one tab (spec 4.6): held while the page is hidden, removed 5 minutes after they came
 * on screen, at most 3 kept (a fourth pushes the oldest out; it stays in the message center), cached in sessionStorage per user and store and
 * restored on reload only while younger than 5 minutes.
 */
export function createCardStore(deps: CardStoreDeps): CardStore {
  const lifetime = IM_LIMITS.cardLifetimeMs;
  const listeners = new Set<() => void>();
  const timers = new Map<number, unknown>();
  let cards: CardEntry[] = [];
  let held: CardEntry[] = [];

  function changed() {
    try {
      if (cards.length === 0 && held.length === 0) deps.storage.removeItem(deps.storageKey);
      else deps.storage.setItem(deps.storageKey, JSON.stringify({ cards, held } satisfies Cached));
    } catch {
      // A full or blocked storage only costs the restore after a reload.
    }
    for (const listener of [...listeners]) listener();
  }

  function expireLater(entry: CardEntry) {
    const id = entry.message.messageId;
    const left = Math.max(0, entry.at + lifetime - deps.now());
    timers.set(
      id,
      deps.setTimeout(() => {
        timers.delete(id);
        cards = cards.filter((c) => c.message.messageId !== id);
        changed();
      }, left),
    );
  }

  function dropTimer(id: number) {
    if (timers.has(id)) deps.clearTimeout(timers.get(id));
    timers.delete(id);
  }

  function present(entries: CardEntry[]) {
    const known = new Set(cards.map((c) => c.message.messageId));
    const fresh = entries.filter((e) => !known.has(e.message.messageId));
    const all = [...fresh.reverse(), ...cards];
    cards = all.slice(0, IM_LIMITS.maxCards);
    for (const dropped of all.slice(IM_LIMITS.maxCards)) dropTimer(dropped.message.messageId);
    cards.filter((c) => !timers.has(c.message.messageId)).forEach(expireLater);
  }

  // Restore what this tab showed before a reload, when still young enough.
  const cached = readCache(deps);
  const young = (e: CardEntry) => deps.now() - e.at < lifetime;
  const restored = [...cached.cards].reverse().filter(young);
  const restoredHeld = cached.held.filter(young);
  if (deps.isVisible()) {
    present([...restored, ...restoredHeld.map((e) => ({ ...e, at: deps.now() }))]);
  } else {
    present(restored);
    held = restoredHeld;
  }

  return {
    add(messages) {
      if (messages.length === 0) return;
      const entries = messages.map((message) => ({ message, at: deps.now() }));
      if (deps.isVisible()) present(entries);
      else held = [...held, ...entries];
      changed();
    },
    showHeld() {
      if (held.length === 0 || !deps.isVisible()) return;
      const now = deps.now();
      present(held.map((e) => ({ ...e, at: now })));
      held = [];
      changed();
    },
    remove(messageId) {
      dropTimer(messageId);
      const before = cards.length + held.length;
      cards = cards.filter((c) => c.message.messageId !== messageId);
      held = held.filter((c) => c.message.messageId !== messageId);
      if (cards.length + held.length !== before) changed();
    },
    clear() {
      for (const id of [...timers.keys()]) dropTimer(id);
      cards = [];
      held = [];
      changed();
    },
    cards: () => cards,
    heldCount: () => held.length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      for (const id of [...timers.keys()]) dropTimer(id);
      listeners.clear();
    },
  };
}
