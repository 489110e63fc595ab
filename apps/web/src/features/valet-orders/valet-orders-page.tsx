import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  VALET_STATUSES,
  VALET_STATUS_TEXT,
  type ValetKind,
  type ValetOrderSummary,
  type ValetStatus,
} from '@console/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Segmented, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { useHasPermission } from '../../components/permission';
import { formatYuan, formatTime } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { VALET_LABELS } from './labels';
import { valetApi, valetKeys } from './valet-api';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { confirmValetOrder } from './valet-confirm';
import { useValetLinks } from './valet-links';
import styles from './valet-orders.module.css';
import {
  VALET_KEYWORD_MAX,
  VALET_PAGE_SIZE,
  valetListBody,
  valetQueryOf,
  valetSearch,
  type ValetQuery,
} from './valet-query';

const L = VALET_LABELS.list;
const F = VALET_LABELS.fields;
const A = VALET_LABELS.actions;
type StatusTab = ValetStatus | 'all';

export const VALET_STATUS_COLOR: Record<ValetStatus, string> = {
  pending_confirm: 'orange',
  confirmed: 'green',
  cancelled: 'default',
};

/** 代客订单: the store's valet orders of one kind, filters and page in the URL, with confirm and cancel. */
export function ValetOrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = valetQueryOf(params);
  const storeCode = useStoreCode();
  const links = useValetLinks();
  const queryClient = useQueryClient();
  const mayConfirm = useHasPermission(['valetOrder:confirm']);
  const mayCancel = useHasPermission(['valetOrder:cancel']);
  const mayCreate = useHasPermission(['valetOrder:create']);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const list = useQuery({
    queryKey: valetKeys.list(storeCode, query.kind, query),
    queryFn: ({ signal }) => valetApi.list(query.kind, { storeCode, ...valetListBody(query) }, signal),
    enabled: Boolean(storeCode),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeCode && previousQuery.queryKey[3] === query.kind
        ? previous
        : undefined,
  });

  const setQuery = (next: Partial<ValetQuery>) => setParams(valetSearch({ ...query, pageNum: 1, ...next }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: valetKeys.all });

  if (!storeCode) return <Alert type="info" showIcon title={VALET_LABELS.common.noStore} />;

  const columns: TableColumnsType<ValetOrderSummary> = [
    { title: F.valetOrderNo, dataIndex: 'valetOrderNo', width: 210 },
    {
      title: F.member,
      key: 'member',
      width: 150,
      render: (_, row) => (
        <>
          <div>{row.memberName}</div>
          <div className={styles.muted}>{row.memberPhoneMasked}</div>
        </>
      ),
    },
    { title: F.items, dataIndex: 'itemsSummary', ellipsis: true, responsive: ['lg'] },
    {
      title: query.kind === 'integral' ? F.points : F.amount,
      key: 'amount',
      width: 130,
      align: 'right',
      render: (_, row) =>
        query.kind === 'integral'
          ? `${row.points} 积分${row.payCents > 0 ? ` + ${formatYuan(row.payCents)}` : ''}`
          : formatYuan(row.payCents),
    },
    { title: F.delivery, dataIndex: 'deliveryTypeText', width: 100, responsive: ['md'] },
    {
      title: F.status,
      dataIndex: 'status',
      width: 90,
      render: (status: ValetStatus, row) => <Tag color={VALET_STATUS_COLOR[status]}>{row.statusText}</Tag>,
    },
    { title: F.createdBy, dataIndex: 'createdByName', width: 100, responsive: ['xl'] },
    {
      title: F.createdAt,
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['sm'],
      render: (at: string) => formatTime(at),
    },
    {
      title: F.actions,
      key: 'actions',
      width: 170,
      render: (_, row) =>
        row.status === 'pending_confirm' ? (
          <span className={styles.actions} onClick={(event) => event.stopPropagation()}>
            {mayConfirm ? (
              <Button
                size="small"
                type="primary"
                data-testid="row-confirm"
                onClick={() =>
                  void confirmValetOrder(query.kind, storeCode, row.valetOrderNo).then(
                    (done) => done && refresh(),
                  )
                }
              >
                {A.confirm}
              </Button>
            ) : null}
            {mayCancel ? (
              <Button
                size="small"
                danger
                data-testid="row-cancel"
                onClick={() => setCancelling(row.valetOrderNo)}
              >
                {A.cancel}
              </Button>
            ) : null}
          </span>
        ) : null,
    },
  ];
  const page = list.data;

  return (
    <Card
      title={VALET_LABELS.titles.list}
      data-testid="valet-orders-page"
      extra={
        <span className={styles.actions}>
          {mayCreate ? (
            <Button icon={<PlusOutlined />} onClick={() => links.open('ValetOrderCreate')}>
              {L.create}
            </Button>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            loading={list.isFetching}
            onClick={refresh}
            aria-label={VALET_LABELS.common.refresh}
          />
        </span>
      }
    >
      <div className={styles.page}>
        <Tabs
          data-testid="valet-kind"
          activeKey={query.kind}
          onChange={(kind) => setQuery({ kind: kind as ValetKind })}
          items={[
            { key: 'integral', label: VALET_LABELS.items.integralTab },
            { key: 'uenjoy', label: VALET_LABELS.items.uenjoyTab },
          ]}
          style={{ marginBottom: -16 }}
        />
        <Segmented<StatusTab>
          data-testid="valet-status"
          value={query.status ?? 'all'}
          onChange={(value) => setQuery({ status: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: L.allStatuses },
            ...VALET_STATUSES.map((status) => ({ value: status, label: VALET_STATUS_TEXT[status] })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <div className={styles.filters}>
          <DateRangePresetPicker
            data-testid="valet-date"
            value={query.date}
            placeholder={L.datePlaceholder}
            onChange={(date) => setQuery({ date })}
          />
          <Input.Search
            data-testid="valet-keyword"
            className={styles.keyword}
            allowClear
            maxLength={VALET_KEYWORD_MAX}
            placeholder={L.keywordPlaceholder}
            key={query.keyword}
            defaultValue={query.keyword}
            onSearch={(value) => setQuery({ keyword: value.trim() })}
          />
          <Button onClick={() => setParams(query.kind === 'integral' ? {} : { kind: query.kind })}>
            {L.reset}
          </Button>
        </div>
        {list.isError ? <Alert type="error" showIcon title={VALET_LABELS.common.loadFailed} /> : null}
        <Table<ValetOrderSummary>
          data-testid="valet-table"
          rowKey="valetOrderNo"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={page?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: list.isLoading ? VALET_LABELS.common.loading : L.empty }}
          rowClassName={() => styles.clickable ?? ''}
          onRow={(row) => ({
            onClick: () => links.open('valetOrderManagerDetail', { id: row.valetOrderNo }),
          })}
          pagination={{
            current: query.pageNum,
            pageSize: VALET_PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (pageNum) => setQuery({ pageNum }),
          }}
        />
      </div>
      {cancelling ? (
        <ValetCancelDialog
          storeCode={storeCode}
          kind={query.kind}
          valetOrderNo={cancelling}
          onClose={() => setCancelling(null)}
          onDone={refresh}
        />
      ) : null}
    </Card>
  );
}
