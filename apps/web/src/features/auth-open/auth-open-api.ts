import {
  AUTH_OPEN_IMPORT_MAX_BYTES,
  AUTH_OPEN_PATHS,
  authEndpoints,
  authOpenEndpoints,
  userAdminEndpoints,
  type AuthOpenUserInfo,
  type CheckUserInfoBody,
  type CloudRole,
  type ConfirmOpenBody,
  type ConfirmOpenResult,
  type ImportRejection,
  type ImportResult,
  type UserStoreRef,
} from '@console/contract';
import axios, { AxiosError } from 'axios';
import { HTTP_LABELS, call, http } from '../../lib/http';
import { buildCallerHeaders } from '../../lib/http/headers';
import { useSessionStore } from '../../stores/session-store';
import { currentStoreCode } from '../../stores/shop-store';
import { importRejectionOf } from './import-errors';

export type UploadOutcome =
  { ok: true; result: ImportResult } | { ok: false; message: string; rejection: ImportRejection | null };

export const authOpenApi = {
  /** Shown inline under the search box (a 404 is an answer, not an accident). */
  checkUser: (body: CheckUserInfoBody): Promise<AuthOpenUserInfo> =>
    call(authOpenEndpoints.checkUserInfo, body, { flags: { silent: true } }),
  open: (body: ConfirmOpenBody): Promise<ConfirmOpenResult> => call(authOpenEndpoints.confirmOpen, body),
  roles: (): Promise<CloudRole[]> => call(authEndpoints.cloudRoles, {}),
  /**
   * Stores of the caller's data scope matching the keyword (code or name), as suggestions for the store select:
   * the stores they may open, the same list 用户管理 offers (docs/domain/auth-open.md).
   */
  stores: (keyword: string, signal?: AbortSignal): Promise<UserStoreRef[]> =>
    call(userAdminEndpoints.storeOptions, { keyword: keyword || null }, { signal, flags: { silent: true } }),
  /** A file answer: straight through `http` as a blob (call() parses JSON). */
  template: () => http.get<Blob>(AUTH_OPEN_PATHS.importTemplate, { responseType: 'blob' }),

  /**
   * The upload goes through axios directly: the shared client neither reports upload progress nor hands back
   * the row errors of a 422 answer.
   */
  async upload(file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
    const session = useSessionStore.getState();
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const response = await axios.post<{ data: ImportResult }>(AUTH_OPEN_PATHS.batchImport, form, {
        headers: buildCallerHeaders(session.token, {
          userName: session.user?.username ?? '',
          workCode: session.user?.workCode ?? '',
          mobile: session.user?.phone ?? '',
          storeCode: currentStoreCode(),
        }),
        timeout: 120_000,
        onUploadProgress: (event) => {
          if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
        },
      });
      return { ok: true, result: response.data.data };
    } catch (error) {
      const body = error instanceof AxiosError ? (error.response?.data as unknown) : null;
      const message =
        body && typeof body === 'object' && typeof (body as { errorMsg?: unknown }).errorMsg === 'string'
          ? (body as { errorMsg: string }).errorMsg
          : HTTP_LABELS.failed;
      return { ok: false, message, rejection: importRejectionOf(body) };
    }
  },
};

export const IMPORT_MAX_BYTES = AUTH_OPEN_IMPORT_MAX_BYTES;

export { saveBlob } from '../../lib/save-blob';
