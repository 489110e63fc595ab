/** Cell values of exported spreadsheets: safe text, money in yuan, Asia/Shanghai times. */

/** A text starting with one of these is read as a formula by Excel and most spreadsheet programs. */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@']);

/**
 * Spreadsheet (CSV/formula) injection: a cell text an outsider controls, such as a receiver name pushed
 * upstream, must never run as a formula when the file is opened. A leading `'` makes it plain text.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}

/** Cents as a yuan number (shown with 2 decimals by MONEY_FORMAT). */
export function yuanOf(cents: number): number {
  return Math.round(cents) / 100;
}
export const MONEY_FORMAT = '0.00';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai (no daylight saving, so a fixed offset is exact). */
export function shanghaiDateTime(at: Date | null): string {
  if (!at) return '';
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYYMMDDHHmmss` in Asia/Shanghai, for file names. */
export function shanghaiStamp(at: Date): string {
  return shanghaiDateTime(at).replace(/\D/g, '');
}
