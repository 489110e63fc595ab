import {
  IM_LIMITS,
  imEndpoints,
  type BusinessTag,
  type ImScopeBody,
  type MessagePage,
  type OperateMessagesBody,
  type UnreadCount,
} from '@console/contract';
import { ApiError, call } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { useShopStore } from '../../stores/shop-store';
import type { MessageTab } from './message-store';
import { MESSAGE_TABS } from './message-store';

/** The center reports its own failures (spec 8 texts), so the HTTP layer stays silent. */
const SILENT = { flags: { silent: true } } as const;

/** Who and where (spec 7.4): the signed-in user's work code and the selected store, or null without both. */
export function messageScope(): ImScopeBody | null {
  const receiver = useSessionStore.getState().user?.workCode ?? '';
  const storeCode = useShopStore.getState().shopInfo?.addressId ?? '';
  return receiver && storeCode ? { receiver, storeCode } : null;
}

function requireScope(): ImScopeBody {
  const scope = messageScope();
  if (!scope) throw new ApiError('business', '请先选择门店');
  return scope;
}

export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return call(imEndpoints.unreadCount, requireScope(), { ...SILENT, signal });
}

export type MessagePageQuery = { pageNum: number; tab: MessageTab; businessType: number | null };

export function fetchMessagePage(query: MessagePageQuery, signal?: AbortSignal): Promise<MessagePage> {
  return call(
    imEndpoints.pageList,
    {
      ...requireScope(),
      pageNum: query.pageNum,
      pageSize: IM_LIMITS.pageSize,
      status: MESSAGE_TABS[query.tab],
      businessType: query.businessType,
    },
    { ...SILENT, signal },
  );
}

export type OperateRequest = Pick<OperateMessagesBody, 'operateType' | 'ids'>;

export function operateMessages(request: OperateRequest): Promise<{ affected: number }> {
  return call(imEndpoints.operate, { ...requireScope(), ...request }, SILENT);
}

/** Spec 7.4: no payload; the tags are the same for every store. */
export function fetchBusinessTags(): Promise<BusinessTag[]> {
  return call(imEndpoints.businessTypes, {}, SILENT);
}
