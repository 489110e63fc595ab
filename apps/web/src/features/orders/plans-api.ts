import {
  ORDER_PATHS,
  grabResultSchema,
  offerDetailSchema,
  offerPageSchema,
  type GrabResult,
  type OfferDetail,
  type OfferPage,
} from '@console/contract';
import { http } from '../../lib/http';

/** One page is enough for a store: offers close within half an hour. */
export const OFFER_PAGE_SIZE = 50;

/** The grab and take answer their 409 to the caller: the page shows it and refreshes the list itself. */
const silent = { flags: { silent: true } } as const;

/** Offers to this store (抢单), expired ones (未接订单), one offer's detail, grab and take. */
export const plansApi = {
  async offers(storeCode: string, signal?: AbortSignal): Promise<OfferPage> {
    const data = await http.post<unknown>(
      ORDER_PATHS.offers,
      { storeCode, pageNum: 1, pageSize: OFFER_PAGE_SIZE },
      { signal },
    );
    return offerPageSchema.parse(data);
  },
  async untaken(
    storeCode: string,
    pageNum: number,
    pageSize: number,
    signal?: AbortSignal,
  ): Promise<OfferPage> {
    const data = await http.post<unknown>(ORDER_PATHS.untaken, { storeCode, pageNum, pageSize }, { signal });
    return offerPageSchema.parse(data);
  },
  /** Silent: the page shows "not found" in place. */
  async detail(
    storeCode: string,
    performancePlanOrderNo: string,
    signal?: AbortSignal,
  ): Promise<OfferDetail> {
    const data = await http.post<unknown>(
      ORDER_PATHS.offerDetail,
      { storeCode, performancePlanOrderNo },
      { signal, ...silent },
    );
    return offerDetailSchema.parse(data);
  },
  async grab(storeCode: string, performancePlanOrderNo: string): Promise<GrabResult> {
    const data = await http.post<unknown>(ORDER_PATHS.grab, { storeCode, performancePlanOrderNo }, silent);
    return grabResultSchema.parse(data);
  },
  async take(storeCode: string, performancePlanOrderNo: string): Promise<GrabResult> {
    const data = await http.post<unknown>(
      ORDER_PATHS.takeUntaken,
      { storeCode, performancePlanOrderNo },
      silent,
    );
    return grabResultSchema.parse(data);
  },
};
