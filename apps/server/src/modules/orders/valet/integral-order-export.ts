import {
  INTEGRAL_ORDER_COLUMN_TITLES,
  VALET_STATUS_TEXT,
  integralOrderExportBodySchema,
  type ValetStatus,
} from '@console/contract';
import { z } from 'zod';
import type { Database } from '../../../db/client.js';
import { titledColumns, type SheetSource } from '../../exports/sheet-writer.js';
import { dataScopeParamSchema } from '../../roles/data-scope.js';
import { itemsSummaryOf } from '../plans/offer-format.js';
import { createValetRepository, type SummaryRow } from './valet.repository.js';

/**
 * What a queued 积分订单 export keeps: the list's filters and the data scope of the head-office user who asked, as
 * it was then (the runner has no caller); the scope's stores are read when the file is written.
 */
export const integralOrderExportParams = z.object({
  scope: dataScopeParamSchema,
  filter: integralOrderExportBodySchema,
});
export type IntegralOrderExportParams = z.infer<typeof integralOrderExportParams>;

const COLUMNS = titledColumns<SummaryRow, keyof typeof INTEGRAL_ORDER_COLUMN_TITLES>(
  INTEGRAL_ORDER_COLUMN_TITLES,
  [
    { key: 'valetOrderNo', width: 26, cell: (r) => r.order.valetOrderNo },
    { key: 'storeName', width: 16, cell: (r) => r.storeName },
    { key: 'memberName', width: 12, cell: (r) => r.memberName },
    { key: 'itemsSummary', width: 30, cell: (r) => itemsSummaryOf(r.order.items) },
    { key: 'points', width: 10, cell: (r) => r.order.points },
    { key: 'payCents', width: 12, format: 'yuan', cell: (r) => r.order.payCents },
    { key: 'status', width: 10, cell: (r) => VALET_STATUS_TEXT[r.order.status as ValetStatus] },
    { key: 'createdByName', width: 12, cell: (r) => r.createdByName },
    { key: 'createdAt', width: 20, format: 'time', cell: (r) => r.order.createdAt },
    { key: 'omsOrderNo', width: 26, cell: (r) => r.order.omsOrderNo },
  ],
);

/** 积分订单 of the stores of a head-office data scope as an Excel source (the `integral-orders` export kind). */
export function integralOrderExport(
  db: Database,
  params: IntegralOrderExportParams,
): SheetSource<SummaryRow> {
  const repo = createValetRepository(db);
  const { storeCode, ...filter } = params.filter;
  const whose = { scope: params.scope, storeCode };
  return {
    columns: COLUMNS,
    countUpTo: (limit) => repo.countUpTo(whose, 'integral', filter, limit),
    async *pages(pageSize) {
      for (let before: { createdAt: Date; id: number } | null = null; ;) {
        const rows = await repo.batch(whose, 'integral', filter, before, pageSize);
        if (rows.length === 0) return;
        yield rows;
        if (rows.length < pageSize) return;
        const last = rows.at(-1)!.order;
        before = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}
