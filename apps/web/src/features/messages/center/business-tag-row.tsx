import { Badge } from 'antd';
import { MESSAGE_LABELS } from '../labels';
import { businessTypeColor } from '../message-kind-view';
import { useMessageStore } from '../message-store';
import styles from './center.module.css';

/** Spec 2.14: 全部 first, then the server's business types, each in its colour with its unread count. */
export function BusinessTagRow() {
  const tags = useMessageStore((state) => state.tags);
  const selected = useMessageStore((state) => state.selectedType);
  const unreadByType = useMessageStore((state) => state.unreadByType);
  const select = useMessageStore((state) => state.selectType);
  const entries = [
    { code: null, label: MESSAGE_LABELS.allTag, color: undefined, unread: 0 },
    ...tags.map((tag) => ({
      code: tag.code,
      label: tag.message,
      color: businessTypeColor(tag.code),
      unread: unreadByType[tag.code] ?? 0,
    })),
  ];
  return (
    <div className={styles.tags} role="radiogroup" aria-label={MESSAGE_LABELS.allTag}>
      {entries.map((entry) => {
        const checked = entry.code === selected;
        return (
          <button
            key={entry.code ?? 'all'}
            type="button"
            role="radio"
            aria-checked={checked}
            className={checked ? `${styles.tag} ${styles.tagChecked}` : styles.tag}
            style={
              entry.color
                ? {
                    color: checked ? '#fff' : entry.color,
                    borderColor: entry.color,
                    background: checked ? entry.color : undefined,
                  }
                : undefined
            }
            data-testid="message-tag"
            data-code={entry.code ?? ''}
            onClick={() => select(entry.code)}
          >
            {entry.label}
            {entry.unread > 0 && <Badge count={entry.unread} size="small" className={styles.tagCount} />}
          </button>
        );
      })}
    </div>
  );
}
