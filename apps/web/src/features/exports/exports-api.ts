import {
  EXPORT_PATHS,
  exportJobCreatedSchema,
  exportRecordPageSchema,
  type ExportJobCreated,
  type ExportRecordPage,
  type ReceivedOrdersExportBody,
} from '@console/contract';
import { http } from '../../lib/http';

export const exportKeys = {
  all: ['exports'] as const,
  records: (storeCode: string, pageNum: number) => ['exports', 'records', storeCode, pageNum] as const,
};

/** Exports as background jobs (docs/domain/orders.md "Exports"), always of the selected store. */
export const exportsApi = {
  async receivedOrders(body: ReceivedOrdersExportBody): Promise<ExportJobCreated> {
    return exportJobCreatedSchema.parse(await http.post<unknown>(EXPORT_PATHS.receivedOrders, body));
  },
  async records(
    body: { storeCode: string; pageNum: number; pageSize: number },
    signal?: AbortSignal,
  ): Promise<ExportRecordPage> {
    return exportRecordPageSchema.parse(await http.post<unknown>(EXPORT_PATHS.records, body, { signal }));
  },
  async again(storeCode: string, id: number): Promise<ExportJobCreated> {
    return exportJobCreatedSchema.parse(await http.post<unknown>(EXPORT_PATHS.again, { storeCode, id }));
  },
  download: (storeCode: string, id: number) =>
    http.get<Blob>(EXPORT_PATHS.download, {
      params: { storeCode, id },
      responseType: 'blob',
      timeout: 120_000,
    }),
};

export { saveBlob } from '../../lib/save-blob';
