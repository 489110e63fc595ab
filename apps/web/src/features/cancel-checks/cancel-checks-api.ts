import {
  CANCEL_CHECK_PATHS,
  cancelCheckAuthSchema,
  cancelCheckDetailSchema,
  cancelCheckPageSchema,
  type AddCancelCheckBody,
  type CancelCheckAuth,
  type CancelCheckDetail,
  type CancelCheckPage,
  type CancelCheckPageBody,
  type SetCancelCheckStateBody,
} from '@console/contract';
import { http } from '../../lib/http';

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
  async auth(storeCode: string, signal?: AbortSignal): Promise<CancelCheckAuth> {
    const data = await http.get<unknown>(CANCEL_CHECK_PATHS.queryShopAuth, { params: { storeCode }, signal });
    return cancelCheckAuthSchema.parse(data);
  },
  async page(body: CancelCheckPageBody, signal?: AbortSignal): Promise<CancelCheckPage> {
    return cancelCheckPageSchema.parse(
      await http.post<unknown>(CANCEL_CHECK_PATHS.pageQuery, body, { signal }),
    );
  },
  async detail(storeCode: string, id: number, signal?: AbortSignal): Promise<CancelCheckDetail> {
    const data = await http.post<unknown>(
      CANCEL_CHECK_PATHS.detail,
      { storeCode, id },
      { signal, flags: { silent: true } },
    );
    return cancelCheckDetailSchema.parse(data);
  },
  async add(body: AddCancelCheckBody): Promise<CancelCheckDetail> {
    return cancelCheckDetailSchema.parse(await http.post<unknown>(CANCEL_CHECK_PATHS.add, body, dialogCall));
  },
  async setState(body: SetCancelCheckStateBody): Promise<CancelCheckDetail> {
    return cancelCheckDetailSchema.parse(
      await http.post<unknown>(CANCEL_CHECK_PATHS.setState, body, dialogCall),
    );
  },
};
