import { EXCHANGE_COLUMN_TITLES, type ExchangeExportBody } from '@console/contract';
import type { Database } from '../../db/client.js';
import { titledColumns, type SheetSource } from '../exports/sheet-writer.js';
import { createCouponsRepository } from './coupons.repository.js';
import { exchangeRecord, type ExchangeRecord } from './coupons.service.js';

const COLUMNS = titledColumns<ExchangeRecord, keyof typeof EXCHANGE_COLUMN_TITLES>(EXCHANGE_COLUMN_TITLES, [
  { key: 'exchangeNo', width: 26, cell: (r) => r.exchangeNo },
  { key: 'couponName', width: 24, cell: (r) => r.couponName },
  { key: 'valueText', width: 20, cell: (r) => r.valueText },
  { key: 'memberName', width: 12, cell: (r) => r.memberName },
  { key: 'memberPhone', width: 14, cell: (r) => r.memberPhone },
  { key: 'points', width: 10, cell: (r) => r.points },
  { key: 'status', width: 10, cell: (r) => r.statusText },
  { key: 'clerkName', width: 12, cell: (r) => r.clerkName },
  { key: 'exchangedAt', width: 20, format: 'time', cell: (r) => r.exchangedAt },
  { key: 'validTo', width: 20, format: 'time', cell: (r) => r.validTo },
  { key: 'cancelledAt', width: 20, format: 'time', cell: (r) => r.cancelledAt },
  { key: 'cancelReason', width: 30, cell: (r) => r.cancelReason },
]);

/**
 * The coupon exchange records of a store as an Excel source (the `coupon-exchanges` export kind): the list's
 * filters and titles, member phones masked as on the page, newest first in pages by id.
 */
export function couponExchangeExport(
  db: Database,
  storeId: number,
  filter: ExchangeExportBody,
  now = new Date(),
): SheetSource<ExchangeRecord> {
  const repo = createCouponsRepository(db);
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countExchanges(storeId, filter, now, limit),
    async *pages(pageSize) {
      for (let before: number | null = null; ;) {
        const reads = await repo.exchangeBatch(storeId, filter, now, before, pageSize);
        if (reads.length === 0) return;
        yield reads.map((read) => exchangeRecord(read, now));
        if (reads.length < pageSize) return;
        before = reads.at(-1)!.id;
      }
    },
  };
}
