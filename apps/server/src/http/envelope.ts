import { z } from 'zod';
import { envelopeSchema } from '@console/contract';

export function ok<T>(data: T) {
  return { result: 0, data, errorMsg: null, errorCode: null };
}

export function failure(errorCode: string, errorMsg: string) {
  return { result: 1, data: null, errorMsg, errorCode };
}

/** Response schema map for a route answering `data` of the given schema. */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: envelopeSchema(data) };
}

export const emptyData = z.null();
