import { businessTypeOf, DEFAULT_DETAIL_TEXT, DEFAULT_MESSAGE_TITLE, messageKindOf } from '@console/contract';
import type { Message } from '@console/contract';
import type { CSSProperties } from 'react';
import { relativeTime } from '../../../lib/format/relative-time';
import { messageEvents } from '../../../lib/events/message-events';
import styles from './broadcast.module.css';
import { BROADCAST_LABELS } from './labels';

type Props = { message: Message; now: number; onClose(messageId: number): void };

/** The sender's title, else the kind's, else 您有一条新的消息提醒. */
export function cardTitle(message: Message): string {
  const kind = messageKindOf(message.businessType, message.messageContent.messageType);
  return message.messageContent.title || kind?.title || DEFAULT_MESSAGE_TITLE;
}

export function typeNameOf(message: Message): string {
  return message.businessTypeName || businessTypeOf(message.businessType)?.message || '';
}

/** The business type's colour, as the CSS variable the card and the banner paint with. */
export function typeColorStyle(businessType: number): CSSProperties {
  return { '--type-color': businessTypeOf(businessType)?.color ?? '#1677ff' } as CSSProperties;
}

/** One pop-up: business type colour and name, relative time, the kind's title and detail button, close ×. */
export function BroadcastCard({ message, now, onClose }: Props) {
  const content = message.messageContent;
  const kind = messageKindOf(message.businessType, content.messageType);
  const title = cardTitle(message);
  return (
    <section
      className={styles.card}
      style={typeColorStyle(message.businessType)}
      data-testid="broadcast-card"
      data-message-id={message.messageId}
      aria-label={title}
    >
      <div className={styles.head}>
        <span className={styles.tag}>{typeNameOf(message)}</span>
        <span className={styles.time}>{relativeTime(message.createTimeMs, now)}</span>
        <button
          type="button"
          className={styles.close}
          aria-label={BROADCAST_LABELS.close}
          data-testid="broadcast-card-close"
          onClick={() => onClose(message.messageId)}
        >
          ×
        </button>
      </div>
      <h4 className={styles.title}>{title}</h4>
      {content.text && <p className={styles.text}>{content.text}</p>}
      <button
        type="button"
        className={styles.detail}
        data-testid="broadcast-card-detail"
        onClick={() => messageEvents.emit('openRequested', message)}
      >
        {kind?.detailText ?? DEFAULT_DETAIL_TEXT}
      </button>
    </section>
  );
}
