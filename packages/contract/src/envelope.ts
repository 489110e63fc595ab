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
