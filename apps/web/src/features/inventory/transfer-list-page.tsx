import {
  TRANSFER_STATUS_TEXT,
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
import { ApplyDialog } from './apply-dialog';
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

function TransferListPage({ side }: { side: TransferSide }) {
  const { storeCode, listQuery, list } = useStoreList(transferUrlShape, {
    key: (code) => inventoryKeys.transfers(code, side),
    endpoint: () => inventoryEndpoints.transferList,
    filters: transferFiltersOf(side),
  });
  const columns = useColumns(side);
  const [applying, setApplying] = useState(false);
  const refresh = useRefresh(inventoryKeys.all);
  const navigate = useNavigate();
  const links = useMenuPageLinks();
  const name = side === 'in' ? 'transfer-in' : 'transfer-out';

  return (
    <>
      <ListPage
        title={side === 'in' ? INVENTORY_LABELS.titles.transferIn : INVENTORY_LABELS.titles.transferOut}
        name={name}
        list={list}
        columns={columns}
        rowKey="id"
        add={
          side === 'in'
            ? {
                label: INVENTORY_LABELS.actions.apply,
                permission: ['transferIn:apply'],
                onClick: () => setApplying(true),
              }
            : undefined
        }
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
      {side === 'in' ? (
        <ApplyDialog
          open={applying}
          storeCode={storeCode}
          onClose={() => setApplying(false)}
          onDone={(detail) => {
            refresh();
            const to = links.href(TRANSFER_DETAIL_ROUTE.in, { id: String(detail.id) });
            if (to) void navigate(to);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * 调拨调入 (TransferIn), and the transfer-in receiving list a message opens (spec 2.15 `ReceivedOrders`
 * inOrderNo, a hidden page of its own): filtered to that order, shown as a chip that clears it.
 */
export function TransferInPage() {
  return <TransferListPage side="in" />;
}

/** 调拨调出 (TransferOut): transfers the store gives. */
export function TransferOutPage() {
  return <TransferListPage side="out" />;
}
