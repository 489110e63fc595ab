import {
  STAFF_PAGE_SIZE_MAX,
  storeEndpoints,
  type AreaNode,
  type ContactOption,
  type InfoStatus,
  type Place,
  type StoreDetail,
  type StoreInfoSaveBody,
} from '@console/contract';
import { call } from '../../lib/http';

/** Store-info calls (docs/domain/stores.md). Store-scoped ones name the store in `shopCode`. */
export const storeInfoApi = {
  /** `null` means the store-info dialog must open (spec 4.4). */
  infoStatus(shopCode: string): Promise<InfoStatus> {
    // The check runs in the background on every store change; a failure must not interrupt the user.
    return call(storeEndpoints.infoStatus, { shopCode }, { flags: { silent: true } });
  },
  detail(shopCode: string): Promise<StoreDetail> {
    return call(storeEndpoints.detail, { shopCode });
  },
  areaTree(): Promise<AreaNode[]> {
    return call(storeEndpoints.areaTree, { areaLevel: 4 });
  },
  /** Only the latest search matters: a newer keyword cancels the one in flight. */
  searchPlaces(keyword: string): Promise<Place[]> {
    return call(storeEndpoints.placeSearch, { keyword }, { flags: { dedupe: true } });
  },
  /** The staff of the store's department tree, the choices for the contact (one page of 100, spec 9). */
  async contacts(shopCode: string, organizeId: number | null): Promise<ContactOption[]> {
    if (organizeId == null) return [];
    const page = await call(storeEndpoints.staffList, {
      shopCode,
      deptIds: [organizeId],
      pageIndex: 1,
      pageSize: STAFF_PAGE_SIZE_MAX,
    });
    return page.list;
  },
  async save(body: StoreInfoSaveBody): Promise<void> {
    // The form shows the server's message itself.
    await call(storeEndpoints.save, body, { flags: { silent: true } });
  },
};
