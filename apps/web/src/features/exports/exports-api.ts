import {
  exportEndpoints,
  type ExportJobCreated,
  type ExportRecordPage,
  type ReceivedOrdersExportBody,
} from '@console/contract';
import { call, http } from '../../lib/http';

export const exportKeys = {
  all: ['exports'] as const,
  records: (storeCode: string, pageNum: number) => ['exports', 'records', storeCode, pageNum] as const,
};

/** Exports as background jobs (docs/domain/orders.md "Exports"), always of the selected store. */
export const exportsApi = {
  receivedOrders: (body: ReceivedOrdersExportBody): Promise<ExportJobCreated> =>
    call(exportEndpoints.receivedOrders, body),
  records: (
    body: { storeCode: string; pageNum: number; pageSize: number },
    signal?: AbortSignal,
  ): Promise<ExportRecordPage> => call(exportEndpoints.records, body, { signal }),
  again: (storeCode: string, id: number): Promise<ExportJobCreated> =>
    call(exportEndpoints.again, { storeCode, id }),
  /** The file itself, not an envelope: the client reads it as a Blob. */
  download: (storeCode: string, id: number) =>
    http.get<Blob>(exportEndpoints.download.path, {
      params: { storeCode, id },
      responseType: 'blob',
      timeout: 120_000,
    }),
};

export { saveBlob } from '../../lib/save-blob';
