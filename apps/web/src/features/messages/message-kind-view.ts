import {
  DEFAULT_DETAIL_TEXT,
  DEFAULT_MESSAGE_TITLE,
  MESSAGE_STATUS,
  businessTypeOf,
  messageKindOf,
  type Message,
  type MessageIcon,
} from '@console/contract';

/** Colour of a business type the catalogue does not know. */
export const FALLBACK_TYPE_COLOR = '#8c8c8c';

export type MessageView = {
  title: string;
  text: string;
  detailText: string;
  icon: MessageIcon;
  color: string;
  typeName: string;
  unread: boolean;
};

/**
 * How a message looks in the center (spec 4.9): the sender's title, else the kind's title, else the default;
 * the kind's detail button and icon; the business type's colour.
 */
export function messageView(message: Message): MessageView {
  const kind = messageKindOf(message.businessType, message.messageContent.messageType);
  const type = businessTypeOf(message.businessType);
  return {
    title: message.messageContent.title.trim() || kind?.title || DEFAULT_MESSAGE_TITLE,
    text: message.messageContent.text,
    detailText: kind?.detailText ?? DEFAULT_DETAIL_TEXT,
    icon: kind?.icon ?? 'remind',
    color: type?.color ?? FALLBACK_TYPE_COLOR,
    typeName: message.businessTypeName || type?.message || '',
    unread: isUnread(message.status),
  };
}

/** Not pushed (0) and unread (1) both count as unread (spec 4.5: both are marked read on opening). */
export function isUnread(status: number): boolean {
  return status === MESSAGE_STATUS.notPushed || status === MESSAGE_STATUS.unread;
}

export function businessTypeColor(code: number): string {
  return businessTypeOf(code)?.color ?? FALLBACK_TYPE_COLOR;
}
