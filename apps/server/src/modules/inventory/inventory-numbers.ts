import { randomInt } from 'node:crypto';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const stamp = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const digits = (length: number): string => Array.from({ length }, () => String(randomInt(0, 10))).join('');

/**
 * Transfer (调拨单) number, e.g. `TR20240501103000123456`: readable over the phone; the unique index decides a
 * clash, rare enough at 6 random digits per second that no retry is written.
 */
export const newTransferNo = (at: Date = new Date()): string => `TR${stamp(at)}${digits(6)}`;

/** Request goods (要货单) number, e.g. `RG20240501103000123456`. */
export const newRequestNo = (at: Date = new Date()): string => `RG${stamp(at)}${digits(6)}`;

/** Loan (借货单) number, e.g. `LN20240501103000123456`. */
export const newLoanNo = (at: Date = new Date()): string => `LN${stamp(at)}${digits(6)}`;
