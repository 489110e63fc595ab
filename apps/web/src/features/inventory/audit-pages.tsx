import {
  APPROVAL_COLUMN_TITLES as T,
  AUDIT_EXPORT_PERMISSIONS,
  APPROVAL_STATES,
  APPROVAL_STATE_TEXT,
  BUSI_TYPES,
  BUSI_TYPE_TEXT,
  INVENTORY_REASON_MAX,
  exportEndpoints,
  inventoryEndpoints,
  type ApprovalRow,
} from '@console/contract';
import { App, Select } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';
import { APPROVAL_STATE_COLOR, APPROVAL_STATE_OPTIONS } from './transfer-status';
import { LOAN_DETAIL_ROUTE } from './loan-pages';
import { TRANSFER_DETAIL_ROUTE } from './transfer-list-page';

const L = INVENTORY_LABELS.audit;
const BUSI_VALUES = ['0', ...BUSI_TYPES.map(String)] as const;

const auditUrlShape = {
  busiType: urlField.oneOfOr(BUSI_VALUES, '0'),
  status: urlField.oneOfOr(['all', ...APPROVAL_STATES], 'all'),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type AuditQuery = UrlQuery<typeof auditUrlShape>;
const busiTypeOf = (query: AuditQuery) => Number(query.busiType) as 0 | 1 | 2 | 3 | 4;
/** The two lists' filters (their exports take the same). */
export const pendingFiltersOf = (storeCode: string, query: AuditQuery) => ({
  storeCode,
  busiType: busiTypeOf(query),
});
export const mineFiltersOf = (storeCode: string, query: AuditQuery) => ({
  storeCode,
  busiType: busiTypeOf(query),
  state: query.status,
});

/** Where a task's document opens: a transfer's giving-store detail (types 3 and 4), a loan's (type 2). */
function useDocLink() {
  const links = useMenuPageLinks();
  return (row: ApprovalRow) => {
    if (row.busiType === 3 || row.busiType === 4)
      return links.href(TRANSFER_DETAIL_ROUTE.out, { id: String(row.docId) });
    return row.busiType === 2 ? links.href(LOAN_DETAIL_ROUTE, { id: String(row.docId) }) : null;
  };
}

function useColumns(mine: boolean): ListColumn<ApprovalRow>[] {
  const docLink = useDocLink();
  return [
    column.key('docNo', T.docNo, docLink),
    column.text('busiTypeText', T.busiType, { width: 140 }),
    column.text('storeName', T.storeName, { width: 140 }),
    column.text('otherStoreName', T.otherStoreName, { width: 140 }),
    ...(mine ? [] : [column.person<ApprovalRow>('requesterName', T.requesterName)]),
    column.status('state', T.state, APPROVAL_STATE_TEXT, APPROVAL_STATE_COLOR),
    column.person('decidedByName', T.decidedByName),
    column.remark('reason', T.reason),
    column.time('createdAt', T.createdAt),
    column.time('decidedAt', T.decidedAt, { hiddenByDefault: !mine }),
  ];
}

function BusiTypeFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <Select
      value={value}
      onChange={onChange}
      style={{ width: 180 }}
      data-testid="audit-busi-type"
      options={BUSI_VALUES.map((v) => ({
        value: v,
        label: v === '0' ? L.all : BUSI_TYPE_TEXT[Number(v) as 1],
      }))}
    />
  );
}

/**
 * 待我审核 (ReviewPending; reviewPendingDetail?id=&busiType= from a to-do message lands here on that type): the
 * tasks the caller may decide, approve, reject with a reason, or approve several at once.
 */
export function ReviewPendingPage() {
  const { storeCode, listQuery, list } = useStoreList(auditUrlShape, {
    key: inventoryKeys.pending,
    endpoint: () => inventoryEndpoints.auditPending,
    filters: pendingFiltersOf,
  });
  const exporter = useExportAction({
    permission: [AUDIT_EXPORT_PERMISSIONS.pending],
    start: () => call(exportEndpoints.auditPending, pendingFiltersOf(storeCode, listQuery.query)),
  });
  const columns = useColumns(false);
  const refresh = useRefresh(inventoryKeys.all);
  const { message } = App.useApp();
  const [rejecting, setRejecting] = useState<ApprovalRow | null>(null);
  const approve = async (rows: ApprovalRow[]) => {
    const { results } = await call(inventoryEndpoints.auditBatchApprove, {
      storeCode,
      ids: rows.map((r) => r.id),
    });
    const failed = results.filter((r) => !r.ok);
    if (failed.length)
      void message.warning(
        `${L.batchDone(results.length - failed.length, failed.length)}：${failed[0]!.message}`,
      );
    else void message.success(rows.length > 1 ? L.batchDone(results.length, 0) : L.approved);
    refresh();
  };

  return (
    <>
      <ListPage
        title={INVENTORY_LABELS.titles.reviewPending}
        name="review-pending"
        list={list}
        columns={columns}
        rowKey="id"
        toolbar={exporter.button}
        notice={exporter.notice}
        empty={{ description: L.emptyPending }}
        filters={
          <BusiTypeFilter
            value={listQuery.query.busiType}
            onChange={(busiType) => listQuery.setQuery({ busiType })}
          />
        }
        rowActions={[
          {
            key: 'approve',
            label: L.approve,
            permission: ['audit:approve'],
            confirm: (row) => ({ content: `${L.approveConfirm} ${row.busiTypeText} ${row.docNo}` }),
            onClick: (row) => approve([row]),
          },
          {
            key: 'reject',
            label: L.reject,
            danger: true,
            permission: ['audit:reject'],
            onClick: (row) => setRejecting(row),
          },
        ]}
        batchActions={[
          { key: 'approve', label: L.batchApprove, permission: ['audit:approve'], onClick: approve },
        ]}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={L.rejectTitle}
        okText={L.reject}
        doneText={L.rejected}
        warning={L.rejectWarning}
        testId="audit-reject-dialog"
        reasonTestId="audit-reject-reason"
        labels={INVENTORY_LABELS.reason}
        reasonMax={INVENTORY_REASON_MAX}
        onClose={() => setRejecting(null)}
        onDone={refresh}
        submit={(reason) =>
          call(
            inventoryEndpoints.auditDecide,
            { storeCode, id: rejecting?.id ?? 0, decision: 'reject', reason },
            { flags: { silent: true } },
          )
        }
      />
    </>
  );
}

/** 我发起的 (AuditRequests): the caller's own requests and where each stands. */
export function AuditRequestsPage() {
  const { storeCode, listQuery, list } = useStoreList(auditUrlShape, {
    key: inventoryKeys.mine,
    endpoint: () => inventoryEndpoints.auditMine,
    filters: mineFiltersOf,
  });
  const columns = useColumns(true);
  const exporter = useExportAction({
    permission: [AUDIT_EXPORT_PERMISSIONS.mine],
    start: () => call(exportEndpoints.auditMine, mineFiltersOf(storeCode, listQuery.query)),
  });
  return (
    <ListPage
      title={INVENTORY_LABELS.titles.auditRequests}
      name="audit-requests"
      list={list}
      columns={columns}
      rowKey="id"
      toolbar={exporter.button}
      notice={exporter.notice}
      empty={{ description: L.emptyMine }}
      statusFilter={statusFilterOf(listQuery, APPROVAL_STATE_OPTIONS)}
      filters={
        <BusiTypeFilter
          value={listQuery.query.busiType}
          onChange={(busiType) => listQuery.setQuery({ busiType })}
        />
      }
    />
  );
}
