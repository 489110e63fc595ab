import { z } from 'zod';

/**
 * An angle in degrees (latitude, longitude) within [min, max], rounded to 7 decimals (about 1 cm): finer digits
 * are noise, and PostgreSQL refuses subnormal doubles such as 5e-324 as out of range.
 */
export const degrees = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .min(min, message)
    .max(max, message)
    .transform((value) => Math.round(value * 1e7) / 1e7);
