import { planEndpoints, type GrabResult, type OfferDetail, type OfferPage } from '@console/contract';
import { call } from '../../lib/http';

/** One page is enough for a store: offers close within half an hour. */
export const OFFER_PAGE_SIZE = 50;

/** The grab and take answer their 409 to the caller: the page shows it and refreshes the list itself. */
const silent = { flags: { silent: true } } as const;

/** Offers to this store (抢单), expired ones (未接订单), one offer's detail, grab and take. */
export const plansApi = {
  offers: (storeCode: string, signal?: AbortSignal): Promise<OfferPage> =>
    call(planEndpoints.offers, { storeCode, pageNum: 1, pageSize: OFFER_PAGE_SIZE }, { signal }),
  untaken: (storeCode: string, pageNum: number, pageSize: number, signal?: AbortSignal): Promise<OfferPage> =>
    call(planEndpoints.untaken, { storeCode, pageNum, pageSize }, { signal }),
  /** Silent: the page shows "not found" in place. */
  detail: (storeCode: string, performancePlanOrderNo: string, signal?: AbortSignal): Promise<OfferDetail> =>
    call(planEndpoints.offerDetail, { storeCode, performancePlanOrderNo }, { signal, ...silent }),
  grab: (storeCode: string, performancePlanOrderNo: string): Promise<GrabResult> =>
    call(planEndpoints.grab, { storeCode, performancePlanOrderNo }, silent),
  take: (storeCode: string, performancePlanOrderNo: string): Promise<GrabResult> =>
    call(planEndpoints.takeUntaken, { storeCode, performancePlanOrderNo }, silent),
};
