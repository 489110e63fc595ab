import {
  STOCK_COLUMN_TITLES as T,
  STOCK_NEAR_EXPIRY_DAYS,
  exportEndpoints,
  inventoryEndpoints,
  type StockListBody,
  type StockRow,
} from '@console/contract';
import { Tag } from 'antd';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { FlagFilter, KeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { call } from '../../lib/http';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';

const S = INVENTORY_LABELS.stock;
/** The 导出库存 button (apps/server/src/db/seed/menu-tree.ts). */
const STOCK_EXPORT_PERMISSION = 'stock:export';

export const stockUrlShape = {
  keyword: urlField.keyword(50),
  nearExpiry: urlField.flag(),
  inTransit: urlField.flag(),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type StockQuery = UrlQuery<typeof stockUrlShape>;

/** The URL's query → the list's (and the export's) filters; a filter that is off stays out of the request. */
export const stockFiltersOf = (storeCode: string, query: StockQuery) =>
  ({
    storeCode,
    keyword: query.keyword || null,
    ...(query.nearExpiry && { nearExpiry: true }),
    ...(query.inTransit && { inTransit: true }),
  }) satisfies Partial<StockListBody>;

function useColumns(): ListColumn<StockRow>[] {
  return [
    column.key('skuCode', T.skuCode, () => null, { sub: (row) => `${row.skuName} ${row.spec}`.trim() }),
    column.text('batchNo', T.batchNo, { width: 140 }),
    column.text('productionDate', T.productionDate, { width: 120 }),
    {
      key: 'expiryDate',
      title: T.expiryDate,
      dataIndex: 'expiryDate',
      width: 160,
      render: (_: unknown, row: StockRow) => (
        <span data-testid="stock-expiry">
          {row.expiryDate}
          {row.nearExpiry ? (
            <Tag color="warning" style={{ marginInlineStart: 6 }}>
              {S.nearExpiry}
            </Tag>
          ) : null}
        </span>
      ),
    },
    column.count('onHand', T.onHand),
    column.count('reserved', T.reserved),
    column.count('available', T.available),
    column.count('inTransit', T.inTransit),
  ];
}

/**
 * 库存查询 (StockQuery): the chosen store's stock by SKU and batch (on hand, reserved, available, in transit,
 * production and expiry dates), with 临期 and 有在途 filters and 导出库存 with the same filters.
 */
export function StockQueryPage() {
  const name = 'stock';
  const { storeCode, listQuery, list } = useStoreList(stockUrlShape, {
    key: (code) => inventoryKeys.stockList(code),
    endpoint: () => inventoryEndpoints.stockList,
    filters: stockFiltersOf,
  });
  const columns = useColumns();
  const exporter = useExportAction({
    permission: [STOCK_EXPORT_PERMISSION],
    label: S.export,
    testId: 'stock-export',
    start: () => call(exportEndpoints.stock, stockFiltersOf(storeCode, listQuery.query)),
  });
  return (
    <ListPage
      title={INVENTORY_LABELS.titles.stock}
      name={name}
      testId="stock-query-page"
      list={list}
      columns={columns}
      rowKey="id"
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: S.empty }}
      filters={
        <KeywordFilters listQuery={listQuery} name={name} placeholder={S.keywordPlaceholder}>
          <FlagFilter
            listQuery={listQuery}
            name={name}
            field="nearExpiry"
            label={S.nearExpiryDays(STOCK_NEAR_EXPIRY_DAYS)}
          />
          <FlagFilter listQuery={listQuery} name={name} field="inTransit" label={S.inTransit} />
        </KeywordFilters>
      }
    />
  );
}
