import { randomInt } from 'node:crypto';

/**
 * Order numbers a person can read over the phone: a prefix, the Asia/Shanghai date and time to the second, and
 * random digits. Uniqueness is enforced by the tables' unique indexes; with 6 random digits per second a clash
 * is rare enough that a retry is not worth the code.
 */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

function stamp(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

const digits = (length: number): string => Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** Plan order (履约计划单) number, e.g. `PP20240501103000123456`. */
export const newPerformancePlanOrderNo = (at: Date = new Date()): string => `PP${stamp(at)}${digits(6)}`;

/** Performance order (履约单) number of the store that took a plan, e.g. `PF20240501103000123456`. */
export const newPerformanceOrderNo = (at: Date = new Date()): string => `PF${stamp(at)}${digits(6)}`;

/** Upstream order number, used by the demo traffic and tests (the platform sends its own). */
export const newOmsOrderNo = (at: Date = new Date()): string => `OMS${stamp(at)}${digits(6)}`;

/** Cancel-check (取消核查) number, e.g. `CC20240501103000123456`. */
export const newCancelCheckNo = (at: Date = new Date()): string => `CC${stamp(at)}${digits(6)}`;

/** The 6-digit code a pickup customer shows at the counter (leading zeros kept). */
export const newWriteOffCode = (): string => digits(6);

/** Employee-purchase (员工内购) order number, e.g. `EP20240501103000123456`. */
export const newEmployeePurchaseNo = (at: Date = new Date()): string => `EP${stamp(at)}${digits(6)}`;
