import { z } from 'zod';

/** Every JSON answer of the API: `result` 0 is success; any other value carries a Chinese `errorMsg`. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    result: z.number().int(),
    data,
    errorMsg: z.string().nullable(),
    errorCode: z.string().nullable(),
  });

export type Envelope<T> = { result: number; data: T; errorMsg: string | null; errorCode: string | null };

/** Paged answers: `pageNum` is 1-based. */
export const pageQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
