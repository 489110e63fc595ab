import { z } from 'zod';

/**
 * Field schemas the contract files share, each with its Chinese messages: one home for how an id, a required
 * text or a sort order is checked.
 */

/** The largest id a row has (PostgreSQL `integer`): a larger one names no record. */
const ID_MAX = 2_147_483_647;

/** A record's id in a body (`fromQuery`: in a query string, so coerced); anything else answers `message`. */
export const recordId = (message: string, fromQuery = false) =>
  (fromQuery ? z.coerce.number({ error: message }) : z.number({ error: message }))
    .int(message)
    .positive(message)
    .max(ID_MAX, message);

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
