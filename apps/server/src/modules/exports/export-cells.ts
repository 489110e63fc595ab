/** Cell values of exported spreadsheets: safe text, money in yuan, Asia/Shanghai times. */

/**
 * Spreadsheet (formula) injection: a cell text an outsider controls, such as a receiver name pushed upstream
 * (`=HYPERLINK(…)`), must never run as a formula. The workbook stores it as a string cell, which no spreadsheet
 * evaluates, in the Text number format: like Excel's quote prefix (a style attribute ExcelJS cannot write) it
 * keeps the text a text when someone edits the cell, and unlike a typed apostrophe it shows nothing extra.
 */
export const TEXT_FORMAT = '@';

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
