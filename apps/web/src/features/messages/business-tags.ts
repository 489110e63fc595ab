import { IM_LIMITS, type BusinessTag } from '@console/contract';
import { notify } from '../../lib/notify';
import { fetchBusinessTags } from './im-api';
import { MESSAGE_LABELS } from './labels';
import { useMessageStore } from './message-store';
import { withRetries, type RetryOptions } from './retry';

let loading: Promise<readonly BusinessTag[]> | null = null;

/**
 * The business tags of the center (spec 2.14): fetched at most every 30 minutes (IM_LIMITS.tagCacheMs) and
 * again after a reset; 3 retries, then 获取业务标签失败. Concurrent callers share one request.
 */
export function loadBusinessTags(
  now: number = Date.now(),
  timing: Pick<RetryOptions, 'delayMs' | 'sleep'> = {},
): Promise<readonly BusinessTag[]> {
  const { tags, tagsFetchedAt } = useMessageStore.getState();
  if (tagsFetchedAt !== null && now - tagsFetchedAt < IM_LIMITS.tagCacheMs) return Promise.resolve(tags);
  loading ??= withRetries(fetchBusinessTags, { retries: IM_LIMITS.retries, ...timing })
    .then((fresh) => {
      useMessageStore.getState().setTags(fresh, now);
      return fresh;
    })
    .catch(() => {
      notify.error(MESSAGE_LABELS.tagsFailed);
      return useMessageStore.getState().tags;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
