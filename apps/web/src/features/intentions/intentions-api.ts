import {
  intentionEndpoints,
  type FollowIntentionBody,
  type IntentionDetail,
  type IntentionListBody,
  type IntentionPage,
} from '@console/contract';
import { call } from '../../lib/http';

/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const intentionKeys = {
  all: ['intentions'] as const,
  list: (storeCode: string, query: unknown) => ['intentions', 'list', storeCode, query] as const,
  detail: (storeCode: string, no: string) => ['intentions', 'detail', storeCode, no] as const,
};

/** The store's customer intentions (docs/domain/orders.md "Customer intentions"). */
export const intentionsApi = {
  list: (body: IntentionListBody, signal?: AbortSignal): Promise<IntentionPage> =>
    call(intentionEndpoints.list, body, { signal }),
  /** Silent: the page shows "not found" or the failure in place. */
  detail: (storeCode: string, omsConsultantsNo: string, signal?: AbortSignal): Promise<IntentionDetail> =>
    call(intentionEndpoints.detail, { storeCode, omsConsultantsNo }, { signal, flags: { silent: true } }),
  /** Silent: the follow form shows the refusal next to the note. */
  follow: (body: FollowIntentionBody & { storeCode: string }): Promise<IntentionDetail> =>
    call(intentionEndpoints.follow, body, { flags: { silent: true } }),
};
