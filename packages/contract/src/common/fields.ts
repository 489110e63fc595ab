import { z } from 'zod';

/**
 * Field schemas the contract files share, each with its Chinese messages: one home for how an id, a required
 * text or a sort order is checked.
 */

/** The largest value of a PostgreSQL `integer` column: a larger id would fail in the database, not here. */
export const RECORD_ID_MAX = 2_147_483_647;

/** A record's id in a JSON body: a positive whole number an `integer` column holds; else `message`. */
export const recordId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);

/** A record's id read from a query string or a path. */
export const recordIdFromText = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);

/** A required text, trimmed: blank answers `missing`, longer than `max` answers `tooLong`. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** 排序: a whole number from 0 to `max`, smaller first; 0 when left out. */
export const sortNumber = (max: number) =>
  z
    .number({ error: '排序必须是数字' })
    .int('排序必须是整数')
    .min(0, `排序须在0到${max}之间`)
    .max(max, `排序须在0到${max}之间`)
    .default(0);

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
