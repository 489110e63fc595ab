import { IM_LIMITS, MEMBER_FOLLOW_UP_BUSINESS_TYPE, OPERATE_TYPE, type Message } from '@console/contract';
import { runtimeConfig } from '../../lib/env';
import { notify } from '../../lib/notify';
import { useMenuStore } from '../../stores/menu-store';
import { useSessionStore } from '../../stores/session-store';
import { useTagsStore } from '../../stores/tags-store';
import { operateMessages } from './im-api';
import { MESSAGE_LABELS } from './labels';
import { messageEvents } from '../../lib/events/message-events';
import { isUnread } from './message-kind-view';
import { useMessageStore } from './message-store';
import { planMessageTarget, type TargetPlan } from './message-target';
import { withRetries, type RetryOptions } from './retry';
import { refreshUnreadCount } from './unread-count';

export type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** Carries out a target plan: new tab, navigation (reloading the current view), coming soon or a warning. */
export function goToTarget(plan: TargetPlan, navigate: Navigate): void {
  switch (plan.kind) {
    case 'external':
      window.open(plan.url, '_blank', 'noopener,noreferrer');
      return;
    case 'refused':
      notify.warning(MESSAGE_LABELS.unsafeLink);
      return;
    case 'none':
      notify.warning(MESSAGE_LABELS.noTarget);
      return;
    case 'comingSoon':
      void navigate(plan.to);
      return;
    case 'navigate':
      // The same page with other parameters: remount it (like the tab's 刷新) and replace the history entry.
      if (plan.sameRoute) useTagsStore.getState().refreshView(plan.path);
      void navigate(plan.to, { replace: plan.sameRoute });
  }
}

export type OpenMessageOptions = {
  navigate: Navigate;
  currentPath: string;
  retryTiming?: Pick<RetryOptions, 'delayMs' | 'sleep'>;
};

/**
 * Spec 4.5 "Opening a message detail": member follow-up asks 消息通知 first (取消 stops); an unread or
 * not-pushed message is marked read (3 retries; a final failure does not stop the opening); then the center
 * closes, the broadcast copy goes (`opened`) and the target opens. Resolves false when cancelled.
 */
export async function openMessage(message: Message, options: OpenMessageOptions): Promise<boolean> {
  if (message.businessType === MEMBER_FOLLOW_UP_BUSINESS_TYPE) {
    const confirmed = await notify.confirm({
      title: MESSAGE_LABELS.followUpTitle,
      content: message.messageContent.text,
      okText: MESSAGE_LABELS.ok,
      cancelText: MESSAGE_LABELS.cancel,
    });
    if (!confirmed) return false;
  }
  if (isUnread(message.status)) {
    try {
      await withRetries(
        () => operateMessages({ operateType: OPERATE_TYPE.markRead, ids: [message.messageId] }),
        {
          retries: IM_LIMITS.retries,
          ...options.retryTiming,
        },
      );
      void refreshUnreadCount();
    } catch {
      // Still open it: the person asked for the page, and the message stays unread for later.
    }
  }
  const store = useMessageStore.getState();
  store.closeCenter();
  store.reloadList();
  messageEvents.emit('opened', message.messageId);
  const plan = planMessageTarget(message, {
    menus: useMenuStore.getState().menus,
    currentPath: options.currentPath,
    token: useSessionStore.getState().token,
    tokenHosts: runtimeConfig.tokenHosts,
  });
  goToTarget(plan, options.navigate);
  return true;
}
