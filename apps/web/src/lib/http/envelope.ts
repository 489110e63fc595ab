import type { Envelope } from '@console/contract';
import { ApiError } from './errors';
import { HTTP_LABELS } from './labels';

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'result' in body && typeof body.result === 'number';
}

/** A JSON body delivered as a Blob (responseType 'blob') is read back; other blobs stay blobs. */
export async function readBody(body: unknown): Promise<unknown> {
  if (!(body instanceof Blob) || !body.type.includes('json')) return body;
  const text = await body.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `result` 0 gives `data`; anything else throws with the server's message and code. A non-envelope body
 * (a file, a page) is returned as it came. */
export function unwrapEnvelope<T>(body: unknown, status: number): T {
  if (!isEnvelope(body)) return body as T;
  if (body.result === 0) return body.data as T;
  throw new ApiError('business', messageOf(body) ?? HTTP_LABELS.failed, {
    status,
    errorCode: body.errorCode,
  });
}

/** The human message of an error body: our `errorMsg`, or eladmin's `message`. */
export function messageOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const text = record.errorMsg ?? record.message;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

export function errorCodeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as Record<string, unknown>).errorCode;
  return typeof code === 'string' ? code : null;
}
