import {
  cancelCheckEndpoints,
  type AddCancelCheckBody,
  type CancelCheckAuth,
  type CancelCheckDetail,
  type CancelCheckPage,
  type CancelCheckPageBody,
  type SetCancelCheckStateBody,
} from '@console/contract';
import { call } from '../../lib/http';

/** React Query keys; every key carries the store. */
export const cancelCheckKeys = {
  all: ['cancel-checks'] as const,
  auth: (storeCode: string) => ['cancel-checks', 'auth', storeCode] as const,
  page: (storeCode: string, query: unknown) => ['cancel-checks', 'page', storeCode, query] as const,
  detail: (storeCode: string, id: number) => ['cancel-checks', 'detail', storeCode, id] as const,
};

/** Dialogs show the server's refusal themselves. */
const dialogCall = { flags: { silent: true } } as const;

/** Cancel-check help (spec 7.6, docs/domain/orders.md "Cancel-check help"). */
export const cancelChecksApi = {
  auth: (storeCode: string, signal?: AbortSignal): Promise<CancelCheckAuth> =>
    call(cancelCheckEndpoints.queryShopAuth, { storeCode }, { signal }),
  page: (body: CancelCheckPageBody, signal?: AbortSignal): Promise<CancelCheckPage> =>
    call(cancelCheckEndpoints.pageQuery, body, { signal }),
  detail: (storeCode: string, id: number, signal?: AbortSignal): Promise<CancelCheckDetail> =>
    call(cancelCheckEndpoints.detail, { storeCode, id }, { signal, flags: { silent: true } }),
  add: (body: AddCancelCheckBody): Promise<CancelCheckDetail> =>
    call(cancelCheckEndpoints.add, body, dialogCall),
  setState: (body: SetCancelCheckStateBody): Promise<CancelCheckDetail> =>
    call(cancelCheckEndpoints.setState, body, dialogCall),
};
