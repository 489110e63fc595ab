import { businessTypeOf, DEFAULT_DETAIL_TEXT, DEFAULT_MESSAGE_TITLE, messageKindOf } from '@console/contract';
import type { Message } from '@console/contract';
import type { CSSProperties } from 'react';
import { relativeTime } from '../../../lib/format/relative-time';
import { messageEvents } from '../../../lib/events/message-events';
import styles from './broadcast.module.css';
import { BROADCAST_LABELS } from './labels';

type Props = { message: Message; now: number; onClose(messageId: number): void };

/** One pop-up: business type colour and name, relative time, the kind's title and detail button, close ×. */
export function BroadcastCard({ message, now, onClose }: Props) {
  const content = message.messageContent;
  const kind = messageKindOf(message.businessType, content.messageType);
  const type = businessTypeOf(message.businessType);
  const style = { '--type-color': type?.color ?? '#1677ff' } as CSSProperties;
  return (
    <section
      className={styles.card}
      style={style}
      data-testid="broadcast-card"
      data-message-id={message.messageId}
      aria-label={content.title || kind?.title || DEFAULT_MESSAGE_TITLE}
    >
      <div className={styles.head}>
        <span className={styles.tag}>{message.businessTypeName || type?.message}</span>
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
      <h4 className={styles.title}>{content.title || kind?.title || DEFAULT_MESSAGE_TITLE}</h4>
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
