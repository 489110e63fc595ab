import { HTTP_LABELS } from './labels';

export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'network' | 'cancel';

/** Every failed call rejects with this; `message` is the Chinese text a person can act on. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  readonly errorCode: string | null;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number | null; errorCode?: string | null } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = details.status ?? null;
    this.errorCode = details.errorCode ?? null;
  }

  get errorMsg(): string {
    return this.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isCancelledError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'cancel';
}

export function cancelledError(): ApiError {
  return new ApiError('cancel', HTTP_LABELS.cancelled);
}

/** The Chinese text of any failure: the server's message, else 接口请求失败. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : HTTP_LABELS.failed;
}
