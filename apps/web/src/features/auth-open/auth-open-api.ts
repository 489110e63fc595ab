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
import { call, http } from '../../lib/http';
import { uploadFile } from '../../lib/http/upload-file';
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

  /** The upload reports its progress; a rejected file answers its row errors (lib/http/upload-file.ts). */
  async upload(file: File, onProgress: (percent: number) => void): Promise<UploadOutcome> {
    const answer = await uploadFile<ImportResult>(AUTH_OPEN_PATHS.batchImport, file, onProgress);
    if (answer.ok) return { ok: true, result: answer.data };
    return { ok: false, message: answer.message, rejection: importRejectionOf(answer.body) };
  },
};

export const IMPORT_MAX_BYTES = AUTH_OPEN_IMPORT_MAX_BYTES;

export { saveBlob } from '../../lib/save-blob';
