import type { Message } from '@console/contract';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { MESSAGE_LABELS } from '../labels';
import styles from './center.module.css';
import type { LoadMoreState } from './load-more-state';
import { MessageCard } from './message-card';
import { useMessageList } from './use-message-list';

const CLOCK_TICK_MS = 60_000;

/** Relative times move on while the list is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function LoadMore({ state, onMore, onRetry }: { state: LoadMoreState; onMore(): void; onRetry(): void }) {
  const text = MESSAGE_LABELS.loadMore;
  return (
    <div className={styles.loadMore} data-testid="message-load-more" data-state={state}>
      {state === 'loading' && <Spin size="small" />}
      {state === 'loading' && <span>{text.loading}</span>}
      {state === 'done' && <span>{text.done}</span>}
      {state === 'error' && (
        <Button type="link" size="small" onClick={onRetry}>
          {text.error}
        </Button>
      )}
      {state === 'more' && (
        <Button type="link" size="small" onClick={onMore}>
          {text.idle}
        </Button>
      )}
    </div>
  );
}

type MessageListProps = { onOpen(message: Message): void; onDelete(message: Message): void };

/** The card list with its empty, loading and load-more states (spec 2.14, 4.8). */
export function MessageList({ onOpen, onDelete }: MessageListProps) {
  const list = useMessageList();
  const now = useNow();
  if (list.initialLoading) {
    return (
      <div className={styles.placeholder} data-testid="message-list-loading">
        <Spin />
      </div>
    );
  }
  if (list.messages.length === 0 && !list.initialFailed) {
    return <Empty className={styles.placeholder} description={MESSAGE_LABELS.empty} />;
  }
  return (
    <div className={styles.list} data-testid="message-list">
      {list.messages.map((message) => (
        <MessageCard
          key={message.messageId}
          message={message}
          now={now}
          onOpen={onOpen}
          onDelete={onDelete}
        />
      ))}
      <LoadMore state={list.loadMore} onMore={list.fetchNextPage} onRetry={list.retry} />
    </div>
  );
}
