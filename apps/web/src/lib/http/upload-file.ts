import axios, { AxiosError } from 'axios';
import { useSessionStore } from '../../stores/session-store';
import { currentStoreCode } from '../../stores/shop-store';
import { buildCallerHeaders } from './headers';
import { HTTP_LABELS } from './labels';

/** A file upload's answer: the envelope's data, or the refusal's message and the whole body (its row errors). */
export type UploadAnswer<T> = { ok: true; data: T } | { ok: false; message: string; body: unknown };

/**
 * Posts one file as a multipart form (field `file`) with the caller's headers (the store in `X-Store-Code`). It
 * goes through axios directly: the shared client neither reports upload progress nor hands back the `data` of a
 * refusal (an import's row errors in a 422).
 */
export async function uploadFile<T>(
  path: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<UploadAnswer<T>> {
  const session = useSessionStore.getState();
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const response = await axios.post<{ data: T }>(path, form, {
      headers: buildCallerHeaders(session.token, {
        userName: session.user?.username ?? '',
        workCode: session.user?.workCode ?? '',
        mobile: session.user?.phone ?? '',
        storeCode: currentStoreCode(),
      }),
      timeout: 120_000,
      onUploadProgress: (event) => {
        if (event.total && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    });
    return { ok: true, data: response.data.data };
  } catch (error) {
    const body = error instanceof AxiosError ? (error.response?.data as unknown) : null;
    const message =
      body && typeof body === 'object' && typeof (body as { errorMsg?: unknown }).errorMsg === 'string'
        ? (body as { errorMsg: string }).errorMsg
        : HTTP_LABELS.failed;
    return { ok: false, message, body };
  }
}
