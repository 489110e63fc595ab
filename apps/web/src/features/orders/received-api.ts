import {
  ORDER_PATHS,
  cnAreaSchema,
  deliveryCompanySchema,
  orderActionResultSchema,
  orderDetailSchema,
  orderLogRowSchema,
  receivedPageSchema,
  type CnArea,
  type DeliverBody,
  type DeliveryCompany,
  type FinishInvoiceBody,
  type ModifyAddressBody,
  type ModifyCyclePlanBody,
  type OrderActionResult,
  type OrderDetail,
  type OrderLogRow,
  type ReceivedListBody,
  type ReceivedPage,
  type WriteOffBody,
} from '@console/contract';
import { z } from 'zod';
import { http } from '../../lib/http';

/** Names the order of a detail page: any one of the numbers a list row or a message carries. */
export type OrderRef = { performanceOrderNo?: string; omsOrderNo?: string; performancePlanOrderNo?: string };

type ActionBody<T> = Omit<T, 'storeCode'> & { storeCode: string };

/** Action dialogs show the server's refusal themselves (a 409 belongs inside the dialog, not in a toast). */
const dialogCall = { flags: { silent: true } } as const;

async function act(path: string, body: unknown): Promise<OrderActionResult> {
  return orderActionResultSchema.parse(await http.post<unknown>(path, body, dialogCall));
}

/** The store's received (performance) orders: list, detail, log and the actions (docs/domain/orders.md). */
export const receivedApi = {
  async list(body: ReceivedListBody, signal?: AbortSignal): Promise<ReceivedPage> {
    return receivedPageSchema.parse(await http.post<unknown>(ORDER_PATHS.received, body, { signal }));
  },
  /** Silent: the page shows "not found" or the failure in place. */
  async detail(storeCode: string, ref: OrderRef, signal?: AbortSignal): Promise<OrderDetail> {
    const data = await http.get<unknown>(ORDER_PATHS.detail, {
      params: { storeCode, ...ref },
      signal,
      flags: { silent: true },
    });
    return orderDetailSchema.parse(data);
  },
  async log(storeCode: string, omsOrderNo: string, signal?: AbortSignal): Promise<OrderLogRow[]> {
    const data = await http.get<unknown>(ORDER_PATHS.logList, { params: { storeCode, omsOrderNo }, signal });
    return z.array(orderLogRowSchema).parse(data);
  },
  deliver: (body: ActionBody<DeliverBody>) => act(ORDER_PATHS.deliver, body),
  modifyAddress: (body: ActionBody<ModifyAddressBody>) => act(ORDER_PATHS.modifyAddress, body),
  modifyCyclePlan: (body: ActionBody<ModifyCyclePlanBody>) => act(ORDER_PATHS.modifyCyclePlan, body),
  cancel: (body: { storeCode: string; performanceOrderNo: string; reason: string }) =>
    act(ORDER_PATHS.cancel, body),
  finishInvoice: (body: ActionBody<FinishInvoiceBody>) => act(ORDER_PATHS.finishInvoice, body),
  writeOff: (body: ActionBody<WriteOffBody>) => act(ORDER_PATHS.writeOff, body),
  async areas(parentCode: string | null): Promise<CnArea[]> {
    return z.array(cnAreaSchema).parse(await http.post<unknown>(ORDER_PATHS.cnArea, { parentCode }));
  },
  async couriers(): Promise<DeliveryCompany[]> {
    return z.array(deliveryCompanySchema).parse(await http.get<unknown>(ORDER_PATHS.deliveryCompany));
  },
};
