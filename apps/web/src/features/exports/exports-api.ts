import { exportEndpoints } from '@console/contract';
import { http } from '../../lib/http';

export const exportKeys = {
  all: ['exports'] as const,
  records: (storeCode: string) => ['exports', 'records', storeCode] as const,
};

/**
 * The file of a finished job of the store. Not through `call`: the answer is the file itself, not an envelope,
 * so the client reads it as a Blob.
 */
export const downloadExport = (storeCode: string, id: number) =>
  http.get<Blob>(exportEndpoints.download.path, {
    params: { storeCode, id },
    responseType: 'blob',
    timeout: 120_000,
  });
