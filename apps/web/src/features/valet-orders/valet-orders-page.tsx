import { PlusOutlined } from '@ant-design/icons';
import { VALET_STATUS_TEXT, valetEndpoints, type ValetKind, type ValetOrderSummary } from '@console/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import type { RowAction } from '../../components/list/row-actions';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useHasPermission } from '../../components/permission';
import { formatYuan } from '../../lib/format/display';
import { VALET_LABELS } from './labels';
import { valetKeys } from './valet-api';
import { useValetConfirm } from './use-valet-confirm';
import { ValetCancelDialog } from './valet-cancel-dialog';
import { useValetLinks } from './valet-links';
import { VALET_STATUS_COLOR, VALET_STATUS_OPTIONS } from '../../components/valet-order/valet-status';
import { VALET_VIEWS, valetFiltersOf, valetUrlShape } from './valet-query';
import { useRefresh } from '../../lib/use-refresh';

const L = VALET_LABELS.list;
const F = VALET_LABELS.fields;
const A = VALET_LABELS.actions;

const KIND_TABS = [
  { value: 'integral' as const, label: VALET_LABELS.items.integralTab },
  { value: 'uenjoy' as const, label: VALET_LABELS.items.uenjoyTab },
];

/** A points-mall order costs points, plus cash when the SKU asks for some. */
const integralAmount = (row: ValetOrderSummary) =>
  `${row.points} 积分${row.payCents > 0 ? ` + ${formatYuan(row.payCents)}` : ''}`;

function useColumns(kind: ValetKind): ListColumn<ValetOrderSummary>[] {
  const links = useValetLinks();
  return [
    column.key('valetOrderNo', F.valetOrderNo, (row) =>
      links.href('valetOrderManagerDetail', { id: row.valetOrderNo }),
    ),
    column.contact('memberName', 'memberPhoneMasked', F.member),
    column.remark('itemsSummary', F.items),
    kind === 'integral'
      ? {
          key: 'points',
          title: F.points,
          align: 'right',
          width: 150,
          render: (_, row) => integralAmount(row),
        }
      : column.money('payCents', F.amount),
    column.text('deliveryTypeText', F.delivery, { width: 100 }),
    column.status('status', F.status, VALET_STATUS_TEXT, VALET_STATUS_COLOR),
    column.person('createdByName', F.createdBy),
    column.time('createdAt', F.createdAt),
  ];
}

/** 代客订单: the store's valet orders of one kind, filters and page in the URL, with confirm and cancel. */
export function ValetOrdersPage() {
  const { storeCode, listQuery, list } = useStoreList(valetUrlShape, {
    views: VALET_VIEWS,
    key: (store, query) => valetKeys.list(store, query.kind),
    endpoint: (query) => valetEndpoints[query.kind].list,
    filters: valetFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const links = useValetLinks();
  const mayCreate = useHasPermission(['valetOrder:create']);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const columns = useColumns(query.kind);
  const refresh = useRefresh(valetKeys.all);
  const pending = (row: ValetOrderSummary) => row.status === 'pending_confirm';
  const confirmer = useValetConfirm(storeCode, refresh);
  const rowActions: RowAction<ValetOrderSummary>[] = [
    {
      key: 'confirm',
      label: A.confirm,
      permission: ['valetOrder:confirm'],
      allowed: pending,
      // A points order opens the member's consent dialog; any other is asked about first.
      onClick: (row) => confirmer.confirm(row),
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

  return (
    <>
      <ListPage
        title={VALET_LABELS.titles.list}
        name="valet"
        testId="valet-orders-page"
        list={list}
        columns={columns}
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
        statusFilter={statusFilterOf(listQuery, VALET_STATUS_OPTIONS)}
        filters={<DateKeywordFilters listQuery={listQuery} name="valet" labels={L} />}
      />
      {confirmer.dialog}
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
