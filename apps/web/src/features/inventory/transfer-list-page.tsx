import {
  TRANSFER_STATUS_TEXT,
  exportEndpoints,
  inventoryEndpoints,
  type TransferRow,
  type TransferSide,
} from '@console/contract';
import { Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { useRefresh } from '../../lib/use-refresh';
import { call } from '../../lib/http';
import { AddButton } from '../../components/list/add-button';
import { useExportAction } from '../../components/list/export-button';
import { ApplyDialog, type ApplyMode } from './apply-dialog';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';
import { transferFiltersOf, transferUrlShape } from './transfer-query';
import { TRANSFER_STATUS_COLOR, TRANSFER_STATUS_OPTIONS } from './transfer-status';

const F = INVENTORY_LABELS.fields;
const L = INVENTORY_LABELS.list;
/** The detail route of each side (spec 2.15 names): the receiving store's and the giving store's. */
export const TRANSFER_DETAIL_ROUTE: Record<TransferSide, string> = {
  in: 'receivingOrderDetails',
  out: 'takeOrdersDetail',
};

function useColumns(side: TransferSide): ListColumn<TransferRow>[] {
  const links = useMenuPageLinks();
  return [
    column.key('transferNo', F.transferNo, (row) =>
      links.href(TRANSFER_DETAIL_ROUTE[side], { id: String(row.id) }),
    ),
    column.status('status', F.status, TRANSFER_STATUS_TEXT, TRANSFER_STATUS_COLOR),
    side === 'in'
      ? column.text('fromStoreName', F.fromStore, { width: 160 })
      : column.text('toStoreName', F.toStore, { width: 160 }),
    column.count('lineCount', F.lineCount),
    column.count('totalQuantity', F.totalQuantity),
    {
      key: 'hasDiscrepancy',
      title: F.discrepancy,
      dataIndex: 'hasDiscrepancy',
      width: 90,
      render: (_: unknown, row: TransferRow) =>
        row.hasDiscrepancy ? <Tag color="error">{L.discrepancy}</Tag> : L.none,
    },
    column.person('requestedByName', F.requestedBy),
    column.time('createdAt', F.createdAt),
    column.time('updatedAt', F.updatedAt, { hiddenByDefault: true }),
  ];
}

/** Each side's export: its button (menu-tree.ts) and its export job (the list's filters, the side the job's). */
const TRANSFER_EXPORT = {
  in: { permission: 'transferIn:export', endpoint: exportEndpoints.transfersIn },
  out: { permission: 'transferOut:export', endpoint: exportEndpoints.transfersOut },
} as const;

/** Head office's 总部派单 button (apps/server/src/db/seed/menu-tree.ts). */
const TRANSFER_DISPATCH_PERMISSION = 'transferIn:dispatch';

/** The three lists: 调拨调入, 调拨调出 and the transfer-in receiving list a message opens (its own test ids). */
const LIST_PAGES = {
  'transfer-in': { side: 'in', title: INVENTORY_LABELS.titles.transferIn },
  'transfer-in-receiving': { side: 'in', title: INVENTORY_LABELS.titles.transferInReceiving },
  'transfer-out': { side: 'out', title: INVENTORY_LABELS.titles.transferOut },
} as const satisfies Record<string, { side: TransferSide; title: string }>;

function TransferListPage({ name }: { name: keyof typeof LIST_PAGES }) {
  const { side, title } = LIST_PAGES[name];
  const { storeCode, listQuery, list } = useStoreList(transferUrlShape, {
    key: (code) => inventoryKeys.transfers(code, side),
    endpoint: () => inventoryEndpoints.transferList,
    filters: transferFiltersOf(side),
  });
  const columns = useColumns(side);
  const [dialog, setDialog] = useState<ApplyMode | null>(null);
  const refresh = useRefresh(inventoryKeys.all);
  const navigate = useNavigate();
  const links = useMenuPageLinks();
  const exporter = useExportAction({
    permission: [TRANSFER_EXPORT[side].permission],
    start: () => {
      const { side: _side, ...filters } = transferFiltersOf(side)(storeCode, listQuery.query);
      return call(TRANSFER_EXPORT[side].endpoint, filters);
    },
  });

  return (
    <>
      <ListPage
        title={title}
        name={name}
        list={list}
        columns={columns}
        rowKey="id"
        add={
          side === 'in'
            ? {
                label: INVENTORY_LABELS.actions.apply,
                permission: ['transferIn:apply'],
                onClick: () => setDialog('apply'),
              }
            : undefined
        }
        toolbar={
          <>
            {side === 'in' ? (
              <AddButton
                label={INVENTORY_LABELS.actions.dispatch}
                permission={[TRANSFER_DISPATCH_PERMISSION]}
                testId={`${name}-dispatch`}
                onClick={() => setDialog('dispatch')}
              />
            ) : null}
            {exporter.button}
          </>
        }
        notice={exporter.notice}
        empty={{ description: side === 'in' ? L.emptyIn : L.emptyOut }}
        statusFilter={statusFilterOf(listQuery, TRANSFER_STATUS_OPTIONS)}
        filters={
          <DateKeywordFilters listQuery={listQuery} name={name} labels={L}>
            {listQuery.query.inOrderNo ? (
              <Tag
                data-testid={`${name}-in-order`}
                closable
                onClose={() => listQuery.setQuery({ inOrderNo: '' })}
              >{`${L.inOrder} ${listQuery.query.inOrderNo}`}</Tag>
            ) : null}
          </DateKeywordFilters>
        }
      />
      {side === 'in' && dialog ? (
        <ApplyDialog
          mode={dialog}
          open
          storeCode={storeCode}
          onClose={() => setDialog(null)}
          onDone={(created) => {
            refresh();
            // A dispatch's stores need not include the chosen one: its detail is theirs, not head office's.
            if (dialog === 'dispatch') return;
            const to = links.href(TRANSFER_DETAIL_ROUTE.in, { id: String(created.id) });
            if (to) void navigate(to);
          }}
        />
      ) : null}
    </>
  );
}

/** 调拨调入 (TransferIn): transfers the store receives. */
export function TransferInPage() {
  return <TransferListPage name="transfer-in" />;
}

/**
 * The transfer-in receiving list a message opens (spec 2.15 `ReceivedOrders` inOrderNo, a hidden page): 调拨调入
 * filtered to that order, shown as a chip that clears it.
 */
export function TransferInReceivingPage() {
  return <TransferListPage name="transfer-in-receiving" />;
}

/** 调拨调出 (TransferOut): transfers the store gives. */
export function TransferOutPage() {
  return <TransferListPage name="transfer-out" />;
}
