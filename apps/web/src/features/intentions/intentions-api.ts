import {
  INTENTION_PATHS,
  intentionDetailSchema,
  intentionPageSchema,
  type FollowIntentionBody,
  type IntentionDetail,
  type IntentionListBody,
  type IntentionPage,
} from '@console/contract';
import { http } from '../../lib/http';

/** React Query keys; every key carries the store, so a store switch never shows another store's rows. */
export const intentionKeys = {
  all: ['intentions'] as const,
  list: (storeCode: string, query: unknown) => ['intentions', 'list', storeCode, query] as const,
  detail: (storeCode: string, no: string) => ['intentions', 'detail', storeCode, no] as const,
};

/** The store's customer intentions (docs/domain/orders.md "Customer intentions"). */
export const intentionsApi = {
  async list(body: IntentionListBody, signal?: AbortSignal): Promise<IntentionPage> {
    return intentionPageSchema.parse(await http.post<unknown>(INTENTION_PATHS.list, body, { signal }));
  },
  /** Silent: the page shows "not found" or the failure in place. */
  async detail(storeCode: string, omsConsultantsNo: string, signal?: AbortSignal): Promise<IntentionDetail> {
    const data = await http.get<unknown>(INTENTION_PATHS.detail, {
      params: { storeCode, omsConsultantsNo },
      signal,
      flags: { silent: true },
    });
    return intentionDetailSchema.parse(data);
  },
  /** Silent: the follow form shows the refusal next to the note. */
  async follow(body: FollowIntentionBody & { storeCode: string }): Promise<IntentionDetail> {
    const data = await http.post<unknown>(INTENTION_PATHS.follow, body, { flags: { silent: true } });
    return intentionDetailSchema.parse(data);
  },
};
