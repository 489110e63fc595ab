import {
  DELIVERY_TYPES,
  FULFILMENT_STATUSES,
  FULFILMENT_STATUS_TEXT,
  RECEIVED_COLUMN_TITLES,
  exportEndpoints,
  fulfilmentEndpoints,
  type ReceivedListBody,
  type ReceivedOrderRow,
} from '@console/contract';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { statusOptionsOf } from '../../components/list/status-options';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { call } from '../../lib/http';
import { DeliveryTypeFilter } from './delivery-type-filter';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';

const L = ORDER_LABELS.received;
const T = RECEIVED_COLUMN_TITLES;

/**
 * 已接订单's URL: each parameter checked on its own, a bad one falls back to its default. A filter is a field
 * here, its line in `receivedFiltersOf` and its control in `filters` below.
 */
export const receivedUrlShape = {
  status: urlField.oneOfOr(['all', ...FULFILMENT_STATUSES], 'all'),
  deliveryType: urlField.oneOf(DELIVERY_TYPES),
  keyword: urlField.keyword(50),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
export type ReceivedQuery = UrlQuery<typeof receivedUrlShape>;

/** The list's filters as the contract names them (the export takes the same); a date preset is resolved at `now`. */
export function receivedFiltersOf(storeCode: string, query: ReceivedQuery, now: Date = new Date()) {
  return {
    storeCode,
    status: query.status,
    deliveryType: query.deliveryType ?? null,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<ReceivedListBody>;
}

const STATUS_OPTIONS = statusOptionsOf(FULFILMENT_STATUSES, FULFILMENT_STATUS_TEXT);

/** The columns, titled as the export heads them (RECEIVED_COLUMN_TITLES). */
function useColumns(): ListColumn<ReceivedOrderRow>[] {
  const links = useOrderLinks();
  return [
    // The customer's and the messages' number first, the store's performance number under it.
    column.key(
      'omsOrderNo',
      T.omsOrderNo,
      (row) =>
        links.href('receivedOrderDetail', {
          omsOrderNo: row.omsOrderNo,
          performanceOrderNo: row.performanceOrderNo,
        }),
      { sub: (row) => `${T.performanceOrderNo} ${row.performanceOrderNo}` },
    ),
    column.text('receiverName', T.receiverName, { width: 110 }),
    column.phone('receiverPhone', T.receiverPhone),
    {
      key: 'items',
      title: T.items,
      ellipsis: true,
      render: (_, row) =>
        row.itemCount > 1 ? `${row.firstItemName} 等${row.itemCount}件` : row.firstItemName,
    },
    column.money('payCents', T.payCents),
    column.text('deliveryTypeText', T.deliveryType, { width: 100 }),
    column.status('status', T.status, FULFILMENT_STATUS_TEXT, FULFILMENT_STATUS_COLOR),
    column.time('takenAt', T.takenAt),
  ];
}

/** 已接订单: the store's received orders, filters and page in the URL, newest first, keyset-paged. */
export function ReceivedOrdersPage() {
  const { storeCode, listQuery, list } = useStoreList(receivedUrlShape, {
    key: orderKeys.received,
    endpoint: () => fulfilmentEndpoints.received,
    filters: receivedFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const columns = useColumns();
  useOrderMessageRefresh();
  const exporter = useExportAction({
    permission: ['order:export'],
    testId: 'received-export',
    start: () => call(exportEndpoints.receivedOrders, receivedFiltersOf(storeCode, query)),
  });

  return (
    <ListPage
      title={ORDER_LABELS.titles.received}
      name="received"
      testId="received-orders-page"
      list={list}
      columns={columns}
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: L.empty }}
      statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
      filters={
        <DateKeywordFilters listQuery={listQuery} name="received" labels={L}>
          <DeliveryTypeFilter
            testId="received-delivery"
            value={query.deliveryType}
            onChange={(deliveryType) => setQuery({ deliveryType })}
          />
        </DateKeywordFilters>
      }
    />
  );
}
