import { MessageBell } from '../features/messages/message-bell';

/** The message bell (spec 2.7, 2.14); its drawer is a lazy chunk loaded on the first opening. */
export function MessageBellSlot() {
  return <MessageBell />;
}
