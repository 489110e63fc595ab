import { OPERATE_TYPE, type Message } from '@console/contract';
import { Button, Drawer, Tabs } from 'antd';
import { useEffect } from 'react';
import { notify } from '../../../lib/notify';
import { useAppStore } from '../../../stores/app-store';
import { loadBusinessTags } from '../business-tags';
import { operateMessages } from '../im-api';
import { MESSAGE_LABELS } from '../labels';
import { messageEvents } from '../../../lib/events/message-events';
import { isUnread } from '../message-kind-view';
import { useMessageStore, type MessageTab } from '../message-store';
import { refreshUnreadCount } from '../unread-count';
import { useOpenMessage } from '../use-open-message';
import styles from './center.module.css';
import { BusinessTagRow } from './business-tag-row';
import { MessageList } from './message-list';

const DRAWER_WIDTH = 420;
const TAB_KEYS: MessageTab[] = ['all', 'unread', 'read'];

function afterChange(): void {
  useMessageStore.getState().reloadList();
  void refreshUnreadCount();
}

/** 全部已读 / 清空消息 (spec 4.5 operate types 1 and 2); the broadcast drops its cards on `cleared`. */
async function operateAll(kind: 'markAllRead' | 'clearAll'): Promise<void> {
  if (kind === 'clearAll') {
    const confirmed = await notify.confirm({
      title: MESSAGE_LABELS.tip,
      content: MESSAGE_LABELS.clearConfirm,
    });
    if (!confirmed) return;
  }
  const done = kind === 'clearAll' ? MESSAGE_LABELS.clearDone : MESSAGE_LABELS.markAllReadDone;
  const failed = kind === 'clearAll' ? MESSAGE_LABELS.clearFailed : MESSAGE_LABELS.markAllReadFailed;
  try {
    await operateMessages({ operateType: OPERATE_TYPE[kind] });
  } catch {
    notify.error(failed);
    return;
  }
  notify.success(done);
  messageEvents.emit('cleared', undefined);
  afterChange();
}

async function deleteMessage(message: Message): Promise<void> {
  const confirmed = await notify.confirm({
    title: MESSAGE_LABELS.tip,
    content: MESSAGE_LABELS.deleteConfirm,
  });
  if (!confirmed) return;
  try {
    await operateMessages({ operateType: OPERATE_TYPE.delete, ids: [message.messageId] });
  } catch {
    notify.error(MESSAGE_LABELS.deleteFailed);
    return;
  }
  // A deleted message must not stay on screen as a broadcast card either.
  if (isUnread(message.status)) messageEvents.emit('opened', message.messageId);
  afterChange();
}

/** Spec 2.14: the 消息中心 drawer — bulk actions, business tags, tabs and the card list. */
export function MessageCenterDrawer() {
  const open = useMessageStore((state) => state.centerOpen);
  const tab = useMessageStore((state) => state.tab);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const openMessage = useOpenMessage();

  useEffect(() => {
    if (open) void loadBusinessTags();
  }, [open]);

  const store = useMessageStore.getState();
  return (
    <Drawer
      title={MESSAGE_LABELS.center}
      placement="right"
      size={mobile ? '100%' : DRAWER_WIDTH}
      open={open}
      onClose={() => store.closeCenter()}
      destroyOnHidden
      data-testid="message-center"
      extra={
        <div className={styles.bulk}>
          <Button
            size="small"
            data-testid="message-mark-all-read"
            onClick={() => void operateAll('markAllRead')}
          >
            {MESSAGE_LABELS.markAllRead}
          </Button>
          <Button size="small" danger data-testid="message-clear" onClick={() => void operateAll('clearAll')}>
            {MESSAGE_LABELS.clearAll}
          </Button>
        </div>
      }
    >
      <BusinessTagRow />
      <Tabs
        activeKey={tab}
        onChange={(key) => store.selectTab(key as MessageTab)}
        items={TAB_KEYS.map((key) => ({
          key,
          label: <span data-testid={`message-tab-${key}`}>{MESSAGE_LABELS.tabs[key]}</span>,
        }))}
        data-testid="message-tabs"
      />
      <MessageList
        onOpen={(message) => void openMessage(message)}
        onDelete={(message) => void deleteMessage(message)}
      />
    </Drawer>
  );
}
