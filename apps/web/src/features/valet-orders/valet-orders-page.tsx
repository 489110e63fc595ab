import { PlusOutlined } from '@ant-design/icons';
import {
  VALET_STATUSES,
  VALET_STATUS_TEXT,
  valetEndpoints,
  type ValetKind,
  type ValetOrderSummary,
} from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { DateRangePresetPicker } from '../../components/date-range-preset-picker';
import { COMMON_LABELS } from '../../components/labels';
import {
  keyColumn,
  moneyColumn,
  statusColumn,
  timeColumn,
  type ListColumn,
} from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { dateFilterOfQuery, queryOfDateFilter } from '../../components/list/list-query';
import listStyles from '../../components/list/list.module.css';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { useHasPermission } from '../../components/permission';
import { formatYuan } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { VALET_LABELS } from './labels';
import { valetKeys } from './valet-api';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { confirmValetOrder } from './valet-confirm';
import { useValetLinks } from './valet-links';
import { VALET_STATUS_COLOR } from './valet-status';
import {
  VALET_KEYWORD_MAX,
  VALET_PAGE_SIZES,
  VALET_VIEWS,
  valetFiltersOf,
  valetUrlShape,
} from './valet-query';

const L = VALET_LABELS.list;
const F = VALET_LABELS.fields;
const A = VALET_LABELS.actions;

const KIND_TABS = [
  { value: 'integral' as const, label: VALET_LABELS.items.integralTab },
  { value: 'uenjoy' as const, label: VALET_LABELS.items.uenjoyTab },
];
const STATUS_OPTIONS = [
  { value: 'all' as const, label: COMMON_LABELS.all },
  ...VALET_STATUSES.map((status) => ({ value: status, label: VALET_STATUS_TEXT[status] })),
];

/** A points-mall order costs points, plus cash when the SKU asks for some. */
const integralAmount = (row: ValetOrderSummary) =>
  `${row.points} 积分${row.payCents > 0 ? ` + ${formatYuan(row.payCents)}` : ''}`;

function useColumns(kind: ValetKind): ListColumn<ValetOrderSummary>[] {
  const links = useValetLinks();
  return [
    keyColumn('valetOrderNo', F.valetOrderNo, (row) =>
      links.href('valetOrderManagerDetail', { id: row.valetOrderNo }),
    ),
    {
      key: 'memberName',
      title: F.member,
      dataIndex: 'memberName',
      width: 150,
      render: (_, row) => (
        <>
          <div>{row.memberName}</div>
          <div className={listStyles.sub}>{row.memberPhoneMasked}</div>
        </>
      ),
    },
    { key: 'itemsSummary', title: F.items, dataIndex: 'itemsSummary', ellipsis: true },
    kind === 'integral'
      ? {
          key: 'points',
          title: F.points,
          align: 'right',
          width: 150,
          render: (_, row) => integralAmount(row),
        }
      : moneyColumn('payCents', F.amount),
    { key: 'deliveryTypeText', title: F.delivery, dataIndex: 'deliveryTypeText', width: 100 },
    statusColumn('status', F.status, VALET_STATUS_TEXT, VALET_STATUS_COLOR),
    { key: 'createdByName', title: F.createdBy, dataIndex: 'createdByName', width: 100 },
    timeColumn('createdAt', F.createdAt),
  ];
}

/** 代客订单: the store's valet orders of one kind, filters and page in the URL, with confirm and cancel. */
export function ValetOrdersPage() {
  const listQuery = useListQuery(valetUrlShape, { views: VALET_VIEWS });
  const { query, setQuery } = listQuery;
  const storeCode = useStoreCode();
  const links = useValetLinks();
  const queryClient = useQueryClient();
  const mayCreate = useHasPermission(['valetOrder:create']);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const columns = useColumns(query.kind);
  const list = useListData({
    key: valetKeys.list(storeCode, query.kind),
    endpoint: valetEndpoints[query.kind].list,
    request: { ...valetFiltersOf(storeCode, query), pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: valetKeys.all });
  const pending = (row: ValetOrderSummary) => row.status === 'pending_confirm';
  const rowActions: RowAction<ValetOrderSummary>[] = [
    {
      key: 'confirm',
      label: A.confirm,
      permission: ['valetOrder:confirm'],
      allowed: pending,
      // confirmValetOrder asks first, naming the order and what confirming does.
      onClick: (row) =>
        confirmValetOrder(query.kind, storeCode, row.valetOrderNo).then((done) => done && refresh()),
    },
    {
      key: 'cancel',
      label: A.cancel,
      danger: true,
      permission: ['valetOrder:cancel'],
      allowed: pending,
      // The cancel dialog asks for the reason: it is the confirmation.
      onClick: (row) => setCancelling(row.valetOrderNo),
    },
  ];

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <>
      <ListPage
        title={VALET_LABELS.titles.list}
        name="valet"
        testId="valet-orders-page"
        list={list}
        paging={listQuery}
        columns={columns}
        rowKey="valetOrderNo"
        pageSizes={VALET_PAGE_SIZES}
        rowActions={rowActions}
        empty={{ description: L.empty }}
        toolbar={
          mayCreate ? (
            <Button icon={<PlusOutlined />} onClick={() => links.open('ValetOrderCreate')}>
              {L.create}
            </Button>
          ) : null
        }
        tabs={{
          value: query.kind,
          options: KIND_TABS,
          onChange: (kind) => setQuery({ kind: kind as ValetKind }),
        }}
        statusFilter={{
          value: query.status,
          options: STATUS_OPTIONS,
          onChange: (status) => setQuery({ status }),
        }}
        filters={
          <>
            <DateRangePresetPicker
              data-testid="valet-date"
              value={dateFilterOfQuery(query)}
              placeholder={L.datePlaceholder}
              onChange={(date) => setQuery(queryOfDateFilter(date))}
            />
            <Input.Search
              data-testid="valet-keyword"
              className={listStyles.keyword}
              allowClear
              maxLength={VALET_KEYWORD_MAX}
              placeholder={L.keywordPlaceholder}
              key={query.keyword}
              defaultValue={query.keyword}
              onSearch={(value) => setQuery({ keyword: value.trim() })}
            />
            <Button onClick={listQuery.reset}>{COMMON_LABELS.reset}</Button>
          </>
        }
      />
      {cancelling ? (
        <ValetCancelDialog
          storeCode={storeCode}
          kind={query.kind}
          valetOrderNo={cancelling}
          onClose={() => setCancelling(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}
