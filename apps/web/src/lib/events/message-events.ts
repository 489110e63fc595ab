import type { Message } from '@console/contract';
import { createEmitter } from '../emitter';

type MessageEventMap = {
  /** The broadcast took in new messages (already de-duplicated): unread counts and lists refresh. */
  delivered: Message[];
  /** The person clicked a broadcast card: the center runs the open flow of spec 4.5. */
  openRequested: Message;
  /** A message was opened and marked read: its broadcast copy goes away. */
  opened: number;
  /** Messages left the unread state in bulk (mark all read, clear): broadcast cards go away. */
  cleared: undefined;
};

/** How the message center (drawer, badge) and the broadcast (poll, cards, sound) talk without importing each other. */
export const messageEvents = createEmitter<MessageEventMap>();
