import type { Message } from '@console/contract';

export const RELAY_CHANNEL = 'im-broadcast';

/** What tabs tell each other; `scope` (user and store) keeps other sessions' traffic out. */
export type RelayEvent =
  | { type: 'messages'; scope: string; messages: Message[] }
  | { type: 'opened'; scope: string; messageId: number }
  | { type: 'cleared'; scope: string };

export type ChannelLike = {
  postMessage(data: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
};

export type TabRelay = {
  post(event: RelayEvent): void;
  close(): void;
};

function isRelayEvent(data: unknown): data is RelayEvent {
  return typeof data === 'object' && data !== null && 'type' in data && 'scope' in data;
}

/**
 * The leader tab posts what it took in on BroadcastChannel `im-broadcast`; the other tabs show it from there.
 * A channel never delivers a tab's own posts back to it. Without BroadcastChannel, nothing is relayed.
 */
export function openTabRelay(
  createChannel: ((name: string) => ChannelLike) | undefined,
  scope: string,
  receive: (event: RelayEvent) => void,
): TabRelay {
  if (!createChannel) return { post: () => undefined, close: () => undefined };
  const channel = createChannel(RELAY_CHANNEL);
  channel.onmessage = (event) => {
    if (isRelayEvent(event.data) && event.data.scope === scope) receive(event.data);
  };
  return {
    post: (event) => channel.postMessage(event),
    close: () => {
      channel.onmessage = null;
      channel.close();
    },
  };
}
