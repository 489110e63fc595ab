import { ReloadOutlined } from '@ant-design/icons';
import {
  DELIVERY_TYPES,
  DELIVERY_TYPE_TEXT,
  FULFILMENT_STATUSES,
  FULFILMENT_STATUS_TEXT,
  type FulfilmentStatus,
  type ReceivedOrderRow,
} from '@console/contract';
import {
  Alert,
  Button,
  Card,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useSearchParams } from 'react-router';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { useReceivedOrdersExport } from '../exports/export-button';
import { ORDER_LABELS } from './labels';
import { maskPhone, orderAmount, orderTime } from './order-format';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
import {
  KEYWORD_MAX,
  RECEIVED_PAGE_SIZE,
  receivedQueryOf,
  receivedSearch,
  takenDays,
  type ReceivedQuery,
} from './received-query';
import { STATUS_COLOR } from './status-color';
import { useReceivedList } from './use-received-list';
import { useStoreCode } from './use-store-code';

const L = ORDER_LABELS.received;
const F = ORDER_LABELS.fields;
type StatusTab = FulfilmentStatus | 'all';

const columns: TableColumnsType<ReceivedOrderRow> = [
  {
    title: `${F.performanceOrderNo} / ${F.omsOrderNo}`,
    key: 'numbers',
    width: 220,
    render: (_, row) => (
      <>
        <div>{row.performanceOrderNo}</div>
        <div className={styles.logMeta}>{row.omsOrderNo}</div>
      </>
    ),
  },
  {
    title: F.customer,
    key: 'customer',
    width: 150,
    responsive: ['md'],
    render: (_, row) => (
      <>
        <div>{row.receiverName}</div>
        <div className={styles.logMeta}>{maskPhone(row.receiverPhone)}</div>
      </>
    ),
  },
  {
    title: F.items,
    key: 'items',
    ellipsis: true,
    responsive: ['lg'],
    render: (_, row) => (row.itemCount > 1 ? `${row.firstItemName} 等${row.itemCount}件` : row.firstItemName),
  },
  {
    title: F.amount,
    dataIndex: 'payCents',
    width: 120,
    align: 'right',
    render: (cents: number) => orderAmount(cents),
  },
  { title: F.delivery, dataIndex: 'deliveryTypeText', width: 100, responsive: ['md'] },
  {
    title: F.status,
    dataIndex: 'status',
    width: 90,
    render: (status: FulfilmentStatus, row) => <Tag color={STATUS_COLOR[status]}>{row.statusText}</Tag>,
  },
  {
    title: F.takenAt,
    dataIndex: 'takenAt',
    width: 170,
    responsive: ['sm'],
    render: (at: string) => orderTime(at),
  },
];

/** 已接订单: the store's received orders, filters and page in the URL, newest first. */
export function ReceivedOrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = receivedQueryOf(params);
  const storeCode = useStoreCode();
  const links = useOrderLinks();
  const list = useReceivedList(storeCode, query);
  useOrderMessageRefresh();
  const exporter = useReceivedOrdersExport(() => ({
    storeCode,
    status: query.status ?? 'all',
    deliveryType: query.deliveryType ?? null,
    keyword: query.keyword || null,
    ...takenDays(query.date),
  }));

  const setQuery = (next: Partial<ReceivedQuery>) =>
    setParams(receivedSearch({ ...query, pageNum: 1, ...next }));

  if (!storeCode) return <Alert type="info" showIcon title={ORDER_LABELS.common.noStore} />;
  const page = list.data;

  return (
    <Card
      title={ORDER_LABELS.titles.received}
      data-testid="received-orders-page"
      extra={
        <Space>
          {exporter.button}
          <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
            {ORDER_LABELS.common.refresh}
          </Button>
        </Space>
      }
    >
      <div className={styles.page}>
        {exporter.notice}
        <Segmented<StatusTab>
          data-testid="received-status"
          value={query.status ?? 'all'}
          onChange={(value) => setQuery({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: L.allStatuses },
            ...FULFILMENT_STATUSES.map((status) => ({
              value: status,
              label: FULFILMENT_STATUS_TEXT[status],
            })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <div className={styles.filters}>
          <DateRangePresetPicker
            data-testid="received-date"
            value={query.date}
            placeholder={L.datePlaceholder}
            onChange={(date) => setQuery({ date })}
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
            className={styles.keyword}
            allowClear
            maxLength={KEYWORD_MAX}
            placeholder={L.keywordPlaceholder}
            key={query.keyword}
            defaultValue={query.keyword}
            onSearch={(value) => setQuery({ keyword: value.trim() })}
          />
          <Button onClick={() => setParams({})}>{L.reset}</Button>
        </div>
        {list.isError ? <Alert type="error" showIcon title={ORDER_LABELS.common.loadFailed} /> : null}
        <Table<ReceivedOrderRow>
          data-testid="received-table"
          rowKey="performanceOrderNo"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={page?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? ORDER_LABELS.common.loading : L.empty }}
          rowClassName={() => styles.clickable ?? ''}
          onRow={(row) => ({
            onClick: () =>
              links.open('receivedOrderDetail', {
                omsOrderNo: row.omsOrderNo,
                performanceOrderNo: row.performanceOrderNo,
              }),
          })}
          pagination={{
            current: query.pageNum,
            pageSize: RECEIVED_PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: page && !page.totalExact ? () => `${page.total}+` : undefined,
            onChange: (pageNum) => setQuery({ pageNum }),
          }}
        />
      </div>
    </Card>
  );
}
