import { DeleteOutlined } from '@ant-design/icons';
import type { Message } from '@console/contract';
import { Button } from 'antd';
import { relativeTime } from '../../../lib/format/relative-time';
import { MESSAGE_LABELS } from '../labels';
import { MESSAGE_ICON_COMPONENTS } from '../message-icons';
import { messageView } from '../message-kind-view';
import styles from './center.module.css';

type MessageCardProps = {
  message: Message;
  now: number;
  onOpen(message: Message): void;
  onDelete(message: Message): void;
};

/** One message of the center (spec 2.14, 4.9): kind icon in the business colour, title, text, time, actions. */
export function MessageCard({ message, now, onOpen, onDelete }: MessageCardProps) {
  const view = messageView(message);
  const Icon = MESSAGE_ICON_COMPONENTS[view.icon];
  return (
    <article
      className={styles.card}
      data-testid="message-card"
      data-message-id={message.messageId}
      data-unread={view.unread}
      aria-label={view.title}
    >
      <span className={styles.icon} style={{ color: view.color, background: `${view.color}1a` }} aria-hidden>
        <Icon />
      </span>
      <div className={styles.cardBody}>
        <div className={styles.cardHead}>
          <span className={styles.title}>{view.title}</span>
          {view.unread && (
            <span className={styles.unreadDot} role="status" aria-label={MESSAGE_LABELS.unread} />
          )}
          <span className={styles.time}>{relativeTime(message.createTimeMs, now)}</span>
        </div>
        {view.typeName && (
          <span className={styles.typeName} style={{ color: view.color, borderColor: view.color }}>
            {view.typeName}
          </span>
        )}
        <p className={styles.text}>{view.text}</p>
        <div className={styles.actions}>
          <Button
            type="link"
            size="small"
            className={styles.detail}
            data-testid="message-detail"
            onClick={() => onOpen(message)}
          >
            {view.detailText}
          </Button>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={MESSAGE_LABELS.delete}
            data-testid="message-delete"
            onClick={() => onDelete(message)}
          />
        </div>
      </div>
    </article>
  );
}
