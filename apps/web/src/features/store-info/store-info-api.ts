import {
  STORE_PATHS,
  STAFF_PAGE_SIZE_MAX,
  areaNodeSchema,
  infoStatusSchema,
  placeSchema,
  staffPageSchema,
  storeDetailSchema,
  type AreaNode,
  type ContactOption,
  type InfoStatus,
  type Place,
  type StoreDetail,
  type StoreInfoSaveBody,
} from '@console/contract';
import { z } from 'zod';
import { http } from '../../lib/http';

/** Store-info calls (docs/domain/stores.md). Store-scoped ones name the store in `shopCode`. */
export const storeInfoApi = {
  /** `null` means the store-info dialog must open (spec 4.4). */
  async infoStatus(shopCode: string): Promise<InfoStatus> {
    // The check runs in the background on every store change; a failure must not interrupt the user.
    const data = await http.post<unknown>(STORE_PATHS.infoStatus, { shopCode }, { flags: { silent: true } });
    return infoStatusSchema.parse(data);
  },
  async detail(shopCode: string): Promise<StoreDetail> {
    return storeDetailSchema.parse(await http.post<unknown>(STORE_PATHS.detail, { shopCode }));
  },
  async areaTree(): Promise<AreaNode[]> {
    return z.array(areaNodeSchema).parse(await http.post<unknown>(STORE_PATHS.areaTree, { areaLevel: 4 }));
  },
  /** Only the latest search matters: a newer keyword cancels the one in flight. */
  async searchPlaces(keyword: string): Promise<Place[]> {
    const data = await http.post<unknown>(STORE_PATHS.placeSearch, { keyword }, { flags: { dedupe: true } });
    return z.array(placeSchema).parse(data);
  },
  /** The staff of the store's department tree, the choices for the contact (one page of 100, spec 9). */
  async contacts(shopCode: string, organizeId: number | null): Promise<ContactOption[]> {
    if (organizeId == null) return [];
    const data = await http.post<unknown>(STORE_PATHS.staffList, {
      shopCode,
      deptIds: [organizeId],
      pageIndex: 1,
      pageSize: STAFF_PAGE_SIZE_MAX,
    });
    return staffPageSchema.parse(data).list;
  },
  async save(body: StoreInfoSaveBody): Promise<void> {
    // The form shows the server's message itself.
    await http.post<unknown>(STORE_PATHS.save, body, { flags: { silent: true } });
  },
};
