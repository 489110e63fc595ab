import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: a larger id would fail in the database, not here. */
export const RECORD_ID_MAX = 2_147_483_647;

/** A record's id in a JSON body: a positive whole number an `integer` column holds. */
export const recordId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);

/** A record's id read from a query string or a path. */
export const recordIdFromText = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(RECORD_ID_MAX, message);
