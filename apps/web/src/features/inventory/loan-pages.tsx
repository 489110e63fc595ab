import {
  INVENTORY_REASON_MAX,
  LOAN_COLUMN_TITLES as T,
  LOAN_OVERDUE_TEXT,
  LOAN_PERMISSIONS,
  LOAN_SIDE_TEXT,
  LOAN_STATUSES,
  LOAN_STATUS_TEXT,
  exportEndpoints,
  loanEndpoints,
  type LoanLine,
  type LoanListBody,
  type LoanRow,
  type LoanStatus,
} from '@console/contract';
import { Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { DetailPage, useListReturn } from '../../components/detail/detail-page';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormAlert } from '../../components/form-dialog/form-fields';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import { statusOptionsOf } from '../../components/list/status-options';
import { statusFilterOf } from '../../components/list/use-list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { call } from '../../lib/http';
import { ApplyAndOpen, DocTimeline, useDocDetail } from './doc-detail';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';

const B = INVENTORY_LABELS.loan;
const F = INVENTORY_LABELS.fields;
const L = INVENTORY_LABELS.list;
/** Spec 2.15 target of messages 37, 38 (and the due reminder): the loan's id. */
export const LOAN_DETAIL_ROUTE = 'DailySecondmentDetail';

export const LOAN_STATUS_COLOR: Record<LoanStatus, string> = {
  pending_review: 'purple',
  approved: 'gold',
  lent: 'processing',
  returned: 'success',
  rejected: 'error',
  cancelled: 'default',
};
/** The states, then 已逾期 (lent and past the due date: a filter, not a state). */
const STATUS_OPTIONS = [
  ...statusOptionsOf(LOAN_STATUSES, LOAN_STATUS_TEXT),
  { value: 'overdue' as const, label: LOAN_OVERDUE_TEXT },
];
const SIDES = ['all', 'in', 'out'] as const;

export const loanUrlShape = {
  status: urlField.oneOfOr(['all', ...LOAN_STATUSES, 'overdue'], 'all'),
  side: urlField.oneOfOr(SIDES, 'all'),
  keyword: urlField.keyword(50),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type LoanQuery = UrlQuery<typeof loanUrlShape>;
export const loanFiltersOf = (storeCode: string, query: LoanQuery, now: Date = new Date()) =>
  ({
    storeCode,
    status: query.status,
    side: query.side,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  }) satisfies Partial<LoanListBody>;

/** The state's tag, and 已逾期 beside it when a lent loan is past its due date. */
function LoanState({
  loan,
  testId,
}: {
  loan: Pick<LoanRow, 'status' | 'statusText' | 'overdue'>;
  testId?: string;
}) {
  return (
    <span data-testid={testId}>
      <Tag color={LOAN_STATUS_COLOR[loan.status]}>{loan.statusText}</Tag>
      {loan.overdue ? (
        <Tag color="error" data-testid="loan-overdue">
          {LOAN_OVERDUE_TEXT}
        </Tag>
      ) : null}
    </span>
  );
}

function useColumns(): ListColumn<LoanRow>[] {
  const links = useMenuPageLinks();
  return [
    column.key('loanNo', T.loanNo, (row) => links.href(LOAN_DETAIL_ROUTE, { id: String(row.id) })),
    {
      key: 'status',
      title: F.status,
      dataIndex: 'status',
      width: 150,
      render: (_: unknown, row: LoanRow) => <LoanState loan={row} />,
    },
    column.status('side', T.side, LOAN_SIDE_TEXT, { in: 'blue', out: 'orange' }),
    column.text('borrowerStoreName', T.borrowerStoreName, { width: 140 }),
    column.text('lenderStoreName', T.lenderStoreName, { width: 140 }),
    column.text('dueDate', T.dueDate, { width: 120 }),
    column.count('lineCount', F.lineCount),
    column.count('totalQuantity', T.totalQuantity),
    column.person('requestedByName', F.requestedBy),
    column.time('createdAt', F.createdAt),
    column.time('updatedAt', F.updatedAt, { hiddenByDefault: true }),
  ];
}

/** 借货管理 (DailySecondment): the loans the store borrows or lends, with 已逾期 as a filter. */
export function LoanListPage() {
  const name = 'loans';
  const { storeCode, listQuery, list } = useStoreList(loanUrlShape, {
    key: (code) => inventoryKeys.loans(code),
    endpoint: () => loanEndpoints.list,
    filters: loanFiltersOf,
  });
  const columns = useColumns();
  const [open, setOpen] = useState(false);
  const exporter = useExportAction({
    permission: [LOAN_PERMISSIONS.export],
    start: () => call(exportEndpoints.loans, loanFiltersOf(storeCode, listQuery.query)),
  });
  return (
    <>
      <ListPage
        title={INVENTORY_LABELS.titles.loans}
        name={name}
        list={list}
        columns={columns}
        rowKey="id"
        add={{ label: B.apply, permission: [LOAN_PERMISSIONS.apply], onClick: () => setOpen(true) }}
        toolbar={exporter.button}
        notice={exporter.notice}
        empty={{ description: B.empty }}
        statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
        filters={
          <DateKeywordFilters
            listQuery={listQuery}
            name={name}
            labels={{ datePlaceholder: L.datePlaceholder, keywordPlaceholder: B.keywordPlaceholder }}
          >
            <Select
              value={listQuery.query.side}
              onChange={(side) => listQuery.setQuery({ side })}
              style={{ width: 140 }}
              data-testid="loans-side"
              options={SIDES.map((side) => ({
                value: side,
                label: side === 'all' ? B.sideAll : LOAN_SIDE_TEXT[side],
              }))}
            />
          </DateKeywordFilters>
        }
      />
      {open ? (
        <ApplyAndOpen
          mode="loan"
          route={LOAN_DETAIL_ROUTE}
          storeCode={storeCode}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function LoanLines({ lines }: { lines: readonly LoanLine[] }) {
  return (
    <Table<LoanLine>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid="loan-lines"
      dataSource={[...lines]}
      columns={[
        {
          key: 'sku',
          title: INVENTORY_LABELS.lines.sku,
          render: (_, line) => `${line.skuName} ${line.spec}`.trim(),
        },
        { key: 'quantity', title: T.totalQuantity, dataIndex: 'quantity', align: 'right' },
        {
          key: 'batches',
          title: B.batches,
          dataIndex: 'batches',
          render: (value: string) => value || L.none,
        },
      ]}
    />
  );
}

type Dialog = 'lend' | 'return' | 'cancel';

/** 借货单详情 (DailySecondmentDetail ?id=…): the loan, its lines and timeline, the caller's actions. */
export function LoanDetailPage() {
  const links = useMenuPageLinks();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { storeCode, detail, refresh, changed } = useDocDetail(inventoryKeys.loan, (code, id, signal) =>
    call(loanEndpoints.detail, { storeCode: code, id }, { signal, flags: { silent: true } }),
  );
  const backTo = useListReturn(links.href('DailySecondment'));
  const silent = { flags: { silent: true } } as const;
  const confirming = dialog === 'lend' || dialog === 'return';

  return (
    <DetailPage
      title={INVENTORY_LABELS.titles.loanDetail}
      testId="loan-detail-page"
      detail={detail}
      recordNo={(loan) => loan.loanNo}
      backTo={backTo}
      missingKey={B.missingId}
      idle={(loan) => loan.statusText}
      onRefresh={refresh}
      actionTestId="loan-action"
      actions={(loan) => [
        {
          key: 'lend',
          label: B.lend,
          allowed: loan.actions.includes('lend'),
          primary: true,
          onClick: () => setDialog('lend'),
        },
        {
          key: 'return',
          label: B.return,
          allowed: loan.actions.includes('return'),
          primary: true,
          onClick: () => setDialog('return'),
        },
        {
          key: 'cancel',
          label: B.cancel,
          allowed: loan.actions.includes('cancel'),
          danger: true,
          onClick: () => setDialog('cancel'),
        },
      ]}
    >
      {(loan) => (
        <>
          <InfoSection
            title={B.infoTitle}
            fields={[
              infoField.text(T.loanNo, loan.loanNo),
              infoField.text(F.status, <LoanState loan={loan} testId="loan-detail-status" />),
              infoField.text(T.side, LOAN_SIDE_TEXT[loan.side]),
              infoField.text(T.borrowerStoreName, `${loan.borrowerStoreName}（${loan.borrowerStoreCode}）`),
              infoField.text(T.lenderStoreName, `${loan.lenderStoreName}（${loan.lenderStoreCode}）`),
              infoField.text(T.dueDate, loan.dueDate),
              infoField.text(F.requestedBy, loan.requestedByName),
              infoField.time(F.createdAt, loan.createdAt),
              infoField.text(F.remark, loan.remark || L.none, { span: 'filled' }),
              ...(loan.closeReason
                ? [
                    infoField.text(B.closeReason, <span data-testid="loan-reason">{loan.closeReason}</span>, {
                      span: 'filled' as const,
                    }),
                  ]
                : []),
            ]}
          />
          <InfoSection title={B.linesTitle}>
            <LoanLines lines={loan.lines} />
          </InfoSection>
          <InfoSection title={INVENTORY_LABELS.detail.timelineTitle}>
            <DocTimeline events={loan.timeline} danger={['cancel', 'reject']} testId="loan-timeline" />
          </InfoSection>
          <FormDialog<object>
            open={confirming}
            title={dialog === 'return' ? B.return : B.lend}
            okText={dialog === 'return' ? B.return : B.lend}
            doneText={dialog === 'return' ? B.returned : B.lent}
            testId="loan-confirm-dialog"
            onClose={() => setDialog(null)}
            onDone={() => undefined}
            submit={async () =>
              changed(
                await call(
                  dialog === 'return' ? loanEndpoints.return : loanEndpoints.lend,
                  { storeCode, id: loan.id },
                  silent,
                ),
              )
            }
          >
            <FormAlert type="warning" title={dialog === 'return' ? B.returnConfirm : B.lendConfirm} />
          </FormDialog>
          <ReasonDialog
            open={dialog === 'cancel'}
            title={B.cancel}
            okText={B.cancel}
            doneText={B.cancelled}
            warning={B.cancelWarning}
            testId="loan-reason-dialog"
            reasonTestId="loan-reason-input"
            labels={INVENTORY_LABELS.reason}
            reasonMax={INVENTORY_REASON_MAX}
            onClose={() => setDialog(null)}
            onDone={() => undefined}
            submit={async (reason) =>
              changed(await call(loanEndpoints.cancel, { storeCode, id: loan.id, reason }, silent))
            }
          />
        </>
      )}
    </DetailPage>
  );
}
