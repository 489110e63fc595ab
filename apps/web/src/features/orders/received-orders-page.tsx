import {
  DELIVERY_TYPES,
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUSES,
  FULFILMENT_STATUS_TEXT,
  RECEIVED_COLUMN_TITLES,
  exportEndpoints,
  fulfilmentEndpoints,
  type ReceivedListBody,
  type ReceivedOrderRow,
} from '@console/contract';
import { Alert, Button, Input, Select } from 'antd';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { COMMON_LABELS } from '../../components/labels';
import {
  keyColumn,
  moneyColumn,
  phoneColumn,
  statusColumn,
  timeColumn,
  type ListColumn,
} from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { ListPage } from '../../components/list/list-page';
import {
  dateFilterOfQuery,
  dateRangeOfQuery,
  dateUrlShape,
  queryOfDateFilter,
  urlField,
  type UrlQuery,
} from '../../components/list/list-query';
import listStyles from '../../components/list/list.module.css';
import { useListData } from '../../components/list/use-list-data';
import { statusFilterOf, useListQuery } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { useStoreCode } from '../../stores/use-store-code';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';

const L = ORDER_LABELS.received;
const T = RECEIVED_COLUMN_TITLES;
const KEYWORD_MAX = 50;
const RECEIVED_PAGE_SIZES = [10, 20, 50] as const;

/**
 * 已接订单's URL: each parameter checked on its own, a bad one falls back to its default. A filter is a field
 * here, its line in `receivedFiltersOf` and its control in `filters` below.
 */
export const receivedUrlShape = {
  status: urlField.oneOfOr(['all', ...FULFILMENT_STATUSES], 'all'),
  deliveryType: urlField.oneOf(DELIVERY_TYPES),
  keyword: urlField.keyword(KEYWORD_MAX),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize(RECEIVED_PAGE_SIZES, 20),
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

const STATUS_OPTIONS = [
  { value: 'all' as const, label: COMMON_LABELS.all },
  ...FULFILMENT_STATUSES.map((status) => ({ value: status, label: FULFILMENT_STATUS_TEXT[status] })),
];

/** The columns, titled as the export heads them (RECEIVED_COLUMN_TITLES). */
function useColumns(): ListColumn<ReceivedOrderRow>[] {
  const links = useOrderLinks();
  return [
    keyColumn(
      'performanceOrderNo',
      T.performanceOrderNo,
      (row) =>
        links.href('receivedOrderDetail', {
          omsOrderNo: row.omsOrderNo,
          performanceOrderNo: row.performanceOrderNo,
        }),
      { sub: (row) => row.omsOrderNo },
    ),
    { key: 'receiverName', title: T.receiverName, dataIndex: 'receiverName', width: 110 },
    phoneColumn('receiverPhone', T.receiverPhone),
    {
      key: 'items',
      title: T.items,
      ellipsis: true,
      render: (_, row) =>
        row.itemCount > 1 ? `${row.firstItemName} 等${row.itemCount}件` : row.firstItemName,
    },
    moneyColumn('payCents', T.payCents),
    { key: 'deliveryTypeText', title: T.deliveryType, dataIndex: 'deliveryTypeText', width: 100 },
    statusColumn('status', T.status, FULFILMENT_STATUS_TEXT, FULFILMENT_STATUS_COLOR),
    timeColumn('takenAt', T.takenAt),
  ];
}

/** 已接订单: the store's received orders, filters and page in the URL, newest first, keyset-paged. */
export function ReceivedOrdersPage() {
  const listQuery = useListQuery(receivedUrlShape);
  const { query, setQuery } = listQuery;
  const storeCode = useStoreCode();
  const columns = useColumns();
  useOrderMessageRefresh();
  const list = useListData({
    key: orderKeys.received(storeCode),
    endpoint: fulfilmentEndpoints.received,
    request: { ...receivedFiltersOf(storeCode, query), pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });
  const exporter = useExportAction({
    permission: ['order:export'],
    testId: 'received-export',
    start: () => call(exportEndpoints.receivedOrders, receivedFiltersOf(storeCode, query)),
  });

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <ListPage
      title={ORDER_LABELS.titles.received}
      name="received"
      testId="received-orders-page"
      list={list}
      paging={listQuery}
      columns={columns}
      rowKey="performanceOrderNo"
      pageSizes={RECEIVED_PAGE_SIZES}
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: L.empty }}
      statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
      filters={
        <>
          <DateRangePresetPicker
            data-testid="received-date"
            value={dateFilterOfQuery(query)}
            placeholder={L.datePlaceholder}
            onChange={(date) => setQuery(queryOfDateFilter(date))}
          />
          <Select
            data-testid="received-delivery"
            style={{ minWidth: 160 }}
            allowClear
            placeholder={L.allDelivery}
            value={query.deliveryType}
            onChange={(deliveryType) => setQuery({ deliveryType })}
            options={DELIVERY_TYPES.map((type) => ({ value: type, label: DELIVERY_TYPE_TEXT[type] }))}
          />
          <Input.Search
            data-testid="received-keyword"
            className={listStyles.keyword}
            allowClear
            maxLength={KEYWORD_MAX}
            placeholder={L.keywordPlaceholder}
            key={query.keyword}
            defaultValue={query.keyword}
            onSearch={(value) => setQuery({ keyword: value.trim() })}
          />
          <Button onClick={listQuery.reset}>{COMMON_LABELS.reset}</Button>
        </>
      }
    />
  );
}
