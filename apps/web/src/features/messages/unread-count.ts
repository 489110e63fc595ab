import { IM_LIMITS } from '@console/contract';
import { isCancelledError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { fetchUnreadCount, messageScope } from './im-api';
import { MESSAGE_LABELS } from './labels';
import { useMessageStore } from './message-store';
import { serverMessageOr, withRetries, type RetryOptions } from './retry';

const NO_UNREAD = { messageCount: 0, businessMessageCountList: [] };
let generation = 0;

/**
 * Fetches the unread state (spec 2.7, 8): retried up to 3 times, then 获取未读消息总数失败 or the server's message.
 * Only the latest call's answer counts, so a slow answer for the previous store never overwrites the badge.
 */
export async function refreshUnreadCount(
  timing: Pick<RetryOptions, 'delayMs' | 'sleep'> = {},
): Promise<void> {
  const mine = ++generation;
  if (!messageScope()) {
    useMessageStore.getState().setUnread(NO_UNREAD);
    return;
  }
  try {
    const count = await withRetries(() => fetchUnreadCount(), { retries: IM_LIMITS.retries, ...timing });
    if (mine === generation) useMessageStore.getState().setUnread(count);
  } catch (error) {
    if (mine === generation && !isCancelledError(error)) {
      notify.error(serverMessageOr(error, MESSAGE_LABELS.unreadCountFailed));
    }
  }
}
