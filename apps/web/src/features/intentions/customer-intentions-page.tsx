import { ReloadOutlined } from '@ant-design/icons';
import {
  INTENTION_STATUSES,
  INTENTION_STATUS_TEXT,
  type IntentionRow,
  type IntentionStatus,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { maskPhone } from '../../lib/format/phone';
import { formatTime } from '../../lib/format/display';
import { useRefreshOnOrderMessages } from '../../lib/events/use-refresh-on-order-messages';
import { useStoreCode } from '../../stores/use-store-code';
import { intentionKeys, intentionsApi } from './intentions-api';
import styles from './intentions.module.css';
import {
  INTENTION_PAGE_SIZE,
  KEYWORD_MAX,
  intentionListBody,
  intentionQueryOf,
  intentionSearch,
  type IntentionQuery,
} from './intention-query';
import { INTENTION_STATUS_COLOR } from './intention-status';
import { INTENTION_LABELS } from './labels';

const L = INTENTION_LABELS.list;
const F = INTENTION_LABELS.fields;
type StatusTab = IntentionStatus | 'all';

const columns: TableColumnsType<IntentionRow> = [
  { title: F.omsConsultantsNo, dataIndex: 'omsConsultantsNo', width: 180 },
  {
    title: F.customer,
    key: 'customer',
    width: 150,
    render: (_, row) => (
      <>
        <div>{row.customerName}</div>
        <div className={styles.meta}>{maskPhone(row.customerPhone)}</div>
      </>
    ),
  },
  { title: F.interest, dataIndex: 'interest', ellipsis: true, responsive: ['md'] },
  {
    title: F.status,
    dataIndex: 'status',
    width: 90,
    render: (status: IntentionStatus, row) => (
      <Tag color={INTENTION_STATUS_COLOR[status]}>{row.statusText}</Tag>
    ),
  },
  { title: F.followUpCount, dataIndex: 'followUpCount', width: 90, align: 'right', responsive: ['lg'] },
  {
    title: F.lastFollowUpAt,
    dataIndex: 'lastFollowUpAt',
    width: 170,
    responsive: ['lg'],
    render: (at: string | null) => formatTime(at),
  },
  {
    title: F.createdAt,
    dataIndex: 'createdAt',
    width: 170,
    responsive: ['sm'],
    render: (at: string) => formatTime(at),
  },
];

/** 客户意向: the store's customer intentions, filters and page in the URL, newest first. */
export function CustomerIntentionsPage() {
  const [params, setParams] = useSearchParams();
  const query = intentionQueryOf(params);
  const storeCode = useStoreCode();
  const links = useMenuPageLinks();
  useRefreshOnOrderMessages(intentionKeys.all);
  const list = useQuery({
    queryKey: intentionKeys.list(storeCode, query),
    queryFn: ({ signal }) => intentionsApi.list(intentionListBody(storeCode, query), signal),
    enabled: Boolean(storeCode),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeCode ? previous : undefined,
  });

  const setQuery = (next: Partial<IntentionQuery>) =>
    setParams(intentionSearch({ ...query, pageNum: 1, ...next }));

  if (!storeCode) return <Alert type="info" showIcon title={INTENTION_LABELS.common.noStore} />;
  const page = list.data;

  return (
    <Card
      title={INTENTION_LABELS.titles.list}
      data-testid="intentions-page"
      extra={
        <Button icon={<ReloadOutlined />} loading={list.isFetching} onClick={() => void list.refetch()}>
          {INTENTION_LABELS.common.refresh}
        </Button>
      }
    >
      <div className={styles.page}>
        <Segmented<StatusTab>
          data-testid="intentions-status"
          value={query.status ?? 'all'}
          onChange={(value) => setQuery({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: L.allStatuses },
            ...INTENTION_STATUSES.map((status) => ({ value: status, label: INTENTION_STATUS_TEXT[status] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <div className={styles.filters}>
          <DateRangePresetPicker
            data-testid="intentions-date"
            value={query.date}
            placeholder={L.datePlaceholder}
            onChange={(date) => setQuery({ date })}
          />
          <Input.Search
            data-testid="intentions-keyword"
            className={styles.keyword}
            allowClear
            maxLength={KEYWORD_MAX}
            placeholder={L.keywordPlaceholder}
            key={query.keyword}
            defaultValue={query.keyword}
            onSearch={(value) => setQuery({ keyword: value.trim() })}
          />
          <Button onClick={() => setParams({})}>{INTENTION_LABELS.common.reset}</Button>
        </div>
        {list.isError ? <Alert type="error" showIcon title={INTENTION_LABELS.common.loadFailed} /> : null}
        <Table<IntentionRow>
          data-testid="intentions-table"
          rowKey="omsConsultantsNo"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={page?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? INTENTION_LABELS.common.loading : L.empty }}
          rowClassName={() => styles.clickable ?? ''}
          onRow={(row) => ({
            onClick: () => links.open('CustomerIntentionDetail', { omsConsultantsNo: row.omsConsultantsNo }),
          })}
          pagination={{
            current: query.pageNum,
            pageSize: INTENTION_PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (pageNum) => setQuery({ pageNum }),
          }}
        />
      </div>
    </Card>
  );
}
