import { IM_LIMITS, isOwnAction, messageKindOf, type Message } from '@console/contract';
import { messageEvents } from '../../../lib/events/message-events';
import type { BroadcastScope } from './broadcast-api';
import type { CardStore } from './card-store';
import { electLeader, pollLockName, type LockManagerLike } from './leader-election';
import { createPollLoop, type PollTimers } from './poll-loop';
import { seenIdsKey, takeUnseen, type StorageLike } from './seen-ids';
import { openTabRelay, type ChannelLike, type RelayEvent } from './tab-relay';

export type BroadcastEnv = {
  supplement(scope: BroadcastScope, signal: AbortSignal): Promise<void>;
  listen(scope: BroadcastScope, ackIds: number[], signal: AbortSignal): Promise<Message[]>;
  statusOf(error: unknown): number | null;
  isCancel(error: unknown): boolean;
  locks: LockManagerLike | undefined;
  createChannel: ((name: string) => ChannelLike) | undefined;
  /** localStorage: the shown ids, shared by the tabs. */
  sharedStorage: StorageLike;
  cards: CardStore;
  playSound(key: string): void;
  showOffline(): void;
  showFailure(): void;
  showHistoryFailed(): void;
  isOnline(): boolean;
  /** Where `online` / `offline` fire (window) and where `visibilitychange` fires (document). */
  windowEvents: EventTarget;
  documentEvents: EventTarget;
  timers: PollTimers;
};

export function soundOf(message: Message): string {
  return messageKindOf(message.businessType, message.messageContent.messageType)?.sound ?? 'defaultRemind';
}

function delay(ms: number, timers: PollTimers, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const handle = timers.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => timers.clearTimeout(handle), { once: true });
  });
}

/** Supplement history (spec 4.2, 4.3), retried after 1 s and 2 s; false when every attempt failed. */
export async function supplementWithRetry(
  env: Pick<BroadcastEnv, 'supplement' | 'timers'>,
  scope: BroadcastScope,
  signal: AbortSignal,
): Promise<boolean> {
  const waits = [0, ...IM_LIMITS.historyRetryDelaysMs];
  for (const wait of waits) {
    if (wait > 0) await delay(wait, env.timers, signal);
    if (signal.aborted) return false;
    try {
      await env.supplement(scope, signal);
      return true;
    } catch {
      // next attempt
    }
  }
  return false;
}

/**
 * The broadcast of one user and store in this tab: supplement history first, then join the election; the
 * leader polls, de-duplicates against the shared shown ids, plays the sounds and relays what is new to the other
 * tabs; every tab shows the cards and tells its message center (`delivered`). Returns what stops it all.
 */
export function startBroadcast(scope: BroadcastScope, env: BroadcastEnv): () => void {
  const scopeKey = `${scope.userId}:${scope.storeCode}`;
  const stopping = new AbortController();
  const cleanups: (() => void)[] = [];

  // A message about the receiver's own action (their grab) updates lists and counts but pops nothing up.
  const show = (messages: Message[]) => {
    if (messages.length === 0) return;
    env.cards.add(messages.filter((message) => !isOwnAction(message)));
    messageEvents.emit('delivered', messages);
  };

  const relay = openTabRelay(env.createChannel, scopeKey, (event: RelayEvent) => {
    if (event.type === 'messages') show(event.messages);
    else if (event.type === 'opened') env.cards.remove(event.messageId);
    else env.cards.clear();
  });
  cleanups.push(relay.close);

  cleanups.push(
    messageEvents.on('opened', (messageId) => {
      env.cards.remove(messageId);
      relay.post({ type: 'opened', scope: scopeKey, messageId });
    }),
    messageEvents.on('cleared', () => {
      env.cards.clear();
      relay.post({ type: 'cleared', scope: scopeKey });
    }),
  );

  const onVisibility = () => env.cards.showHeld();
  env.documentEvents.addEventListener('visibilitychange', onVisibility);
  cleanups.push(() => env.documentEvents.removeEventListener('visibilitychange', onVisibility));

  const takeIn = (messages: Message[]) => {
    const fresh = takeUnseen(env.sharedStorage, seenIdsKey(scope.userId, scope.storeCode), messages);
    if (fresh.length === 0) return;
    relay.post({ type: 'messages', scope: scopeKey, messages: fresh });
    show(fresh);
    for (const message of fresh) if (!isOwnAction(message)) env.playSound(soundOf(message));
  };

  const lead = () => {
    const loop = createPollLoop({
      fetchBatch: (ackIds, signal) => env.listen(scope, ackIds, signal),
      onMessages: takeIn,
      onOffline: env.showOffline,
      onFailureNotice: env.showFailure,
      isOnline: env.isOnline,
      statusOf: env.statusOf,
      isCancel: env.isCancel,
      timers: env.timers,
    });
    const offline = () => loop.goOffline();
    const online = () => loop.goOnline();
    env.windowEvents.addEventListener('offline', offline);
    env.windowEvents.addEventListener('online', online);
    loop.start();
    return () => {
      env.windowEvents.removeEventListener('offline', offline);
      env.windowEvents.removeEventListener('online', online);
      loop.stop();
    };
  };

  void supplementWithRetry(env, scope, stopping.signal).then((supplemented) => {
    if (stopping.signal.aborted) return;
    if (!supplemented) env.showHistoryFailed();
    const leadership = electLeader(env.locks, pollLockName(scope.userId, scope.storeCode), lead);
    cleanups.push(leadership.stop);
  });

  return () => {
    stopping.abort();
    cleanups.forEach((cleanup) => cleanup());
  };
}
