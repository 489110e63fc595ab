import {
  REQUEST_GOODS_STATUSES,
  REQUEST_GOODS_STATUS_TEXT,
  INVENTORY_REASON_MAX,
  exportEndpoints,
  inventoryEndpoints,
  type RequestGoodsListBody,
  type RequestGoodsRow,
  type RequestGoodsStatus,
} from '@console/contract';
import { Tag } from 'antd';
import { useState } from 'react';
import { DetailPage, useListReturn } from '../../components/detail/detail-page';
import { InfoSection, infoField } from '../../components/detail/info-section';
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
import { ReceiveDialog } from './line-dialog';
import { LinesTable } from './transfer-detail-page';

const R = INVENTORY_LABELS.requestGoods;
const F = INVENTORY_LABELS.fields;
const L = INVENTORY_LABELS.list;
/** Spec 2.15 target of messages 9, 31, 32 (id and orderNo). */
export const REQUEST_GOODS_DETAIL_ROUTE = 'RequestGoodsDetails';

export const REQUEST_GOODS_STATUS_COLOR: Record<RequestGoodsStatus, string> = {
  pending_review: 'purple',
  rejected: 'error',
  in_transit: 'processing',
  partially_received: 'blue',
  received: 'success',
  out_of_stock: 'warning',
  cancelled: 'default',
};
const STATUS_OPTIONS = statusOptionsOf(REQUEST_GOODS_STATUSES, REQUEST_GOODS_STATUS_TEXT);

export const requestGoodsUrlShape = {
  status: urlField.oneOfOr(['all', ...REQUEST_GOODS_STATUSES], 'all'),
  keyword: urlField.keyword(50),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type RequestGoodsQuery = UrlQuery<typeof requestGoodsUrlShape>;
export const requestGoodsFiltersOf = (storeCode: string, query: RequestGoodsQuery, now: Date = new Date()) =>
  ({
    storeCode,
    status: query.status,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  }) satisfies Partial<RequestGoodsListBody>;

const flags = (row: { hasShortage: boolean; hasDiscrepancy: boolean }) => (
  <>
    {row.hasShortage ? <Tag color="warning">{R.shortage}</Tag> : null}
    {row.hasDiscrepancy ? <Tag color="error">{L.discrepancy}</Tag> : null}
    {!row.hasShortage && !row.hasDiscrepancy ? L.none : null}
  </>
);

function useColumns(): ListColumn<RequestGoodsRow>[] {
  const links = useMenuPageLinks();
  return [
    column.key('requestNo', R.requestNo, (row) =>
      links.href(REQUEST_GOODS_DETAIL_ROUTE, { id: String(row.id), orderNo: row.requestNo }),
    ),
    column.status('status', F.status, REQUEST_GOODS_STATUS_TEXT, REQUEST_GOODS_STATUS_COLOR),
    column.text('warehouseName', R.warehouse, { width: 140 }),
    column.count('lineCount', F.lineCount),
    column.count('totalQuantity', F.totalQuantity),
    column.money('valueCents', R.value),
    {
      key: 'flags',
      title: F.discrepancy,
      dataIndex: 'hasShortage',
      width: 120,
      render: (_: unknown, row: RequestGoodsRow) => flags(row),
    },
    column.person('requestedByName', F.requestedBy),
    column.time('createdAt', F.createdAt),
    column.time('updatedAt', F.updatedAt, { hiddenByDefault: true }),
  ];
}

/** 要货管理 (RequestGoods): the store's requests for goods from the warehouse. */
export function RequestGoodsPage() {
  const name = 'request-goods';
  const { storeCode, listQuery, list } = useStoreList(requestGoodsUrlShape, {
    key: (code) => inventoryKeys.requests(code),
    endpoint: () => inventoryEndpoints.requestGoodsList,
    filters: requestGoodsFiltersOf,
  });
  const columns = useColumns();
  const [open, setOpen] = useState(false);
  // The store's requesters export (no separate export button is seeded for 要货管理).
  const exporter = useExportAction({
    permission: ['requestGoods:apply'],
    start: () => call(exportEndpoints.requestGoods, requestGoodsFiltersOf(storeCode, listQuery.query)),
  });
  return (
    <>
      <ListPage
        title={INVENTORY_LABELS.titles.requestGoods}
        name={name}
        list={list}
        columns={columns}
        rowKey="id"
        add={{ label: R.apply, permission: ['requestGoods:apply'], onClick: () => setOpen(true) }}
        toolbar={exporter.button}
        notice={exporter.notice}
        empty={{ description: R.empty }}
        statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
        filters={
          <DateKeywordFilters
            listQuery={listQuery}
            name={name}
            labels={{ datePlaceholder: L.datePlaceholder, keywordPlaceholder: R.keywordPlaceholder }}
          />
        }
      />
      {open ? (
        <ApplyAndOpen
          mode="requestGoods"
          route={REQUEST_GOODS_DETAIL_ROUTE}
          storeCode={storeCode}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

type Dialog = 'receive' | 'cancel';

/** 要货单详情 (RequestGoodsDetails ?id=…&orderNo=…): the request, its lines, timeline and the allowed actions. */
export function RequestGoodsDetailPage() {
  const links = useMenuPageLinks();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { storeCode, detail, refresh, changed } = useDocDetail(inventoryKeys.request, (code, id, signal) =>
    call(inventoryEndpoints.requestGoodsDetail, { storeCode: code, id }, { signal, flags: { silent: true } }),
  );
  const backTo = useListReturn(links.href('RequestGoods'));
  const silent = { flags: { silent: true } } as const;

  return (
    <DetailPage
      title={INVENTORY_LABELS.titles.requestGoodsDetail}
      testId="request-goods-detail-page"
      detail={detail}
      recordNo={(r) => r.requestNo}
      backTo={backTo}
      missingKey={R.missingId}
      idle={(r) => r.statusText}
      onRefresh={refresh}
      actionTestId="request-goods-action"
      actions={(r) => [
        {
          key: 'receive',
          label: INVENTORY_LABELS.actions.receive,
          allowed: r.actions.includes('receive'),
          primary: true,
          onClick: () => setDialog('receive'),
        },
        {
          key: 'cancel',
          label: R.cancel,
          allowed: r.actions.includes('cancel'),
          danger: true,
          onClick: () => setDialog('cancel'),
        },
      ]}
    >
      {(r) => (
        <>
          <InfoSection
            title={R.infoTitle}
            fields={[
              infoField.text(R.requestNo, r.requestNo),
              infoField.status(
                F.status,
                r.statusText,
                REQUEST_GOODS_STATUS_COLOR[r.status],
                'request-goods-detail-status',
              ),
              infoField.text(R.warehouse, r.warehouseName),
              infoField.money(R.value, r.valueCents),
              infoField.text(F.requestedBy, r.requestedByName),
              infoField.time(F.createdAt, r.createdAt),
              infoField.text(F.discrepancy, flags(r)),
              infoField.text(F.remark, r.remark || L.none, { span: 'filled' }),
              ...(r.rejectReason
                ? [
                    infoField.text(
                      R.rejectReason,
                      <span data-testid="request-goods-reason">{r.rejectReason}</span>,
                      {
                        span: 'filled' as const,
                      },
                    ),
                  ]
                : []),
            ]}
          />
          <InfoSection title={R.linesTitle}>
            <LinesTable lines={r.lines} testId="request-goods-lines" />
          </InfoSection>
          <InfoSection title={INVENTORY_LABELS.detail.timelineTitle}>
            <DocTimeline events={r.timeline} danger={['cancel', 'reject']} testId="request-goods-timeline" />
          </InfoSection>
          <ReasonDialog
            open={dialog === 'cancel'}
            title={R.cancelTitle}
            okText={R.cancel}
            doneText={R.cancelled}
            warning={R.cancelWarning}
            testId="request-goods-reason-dialog"
            reasonTestId="request-goods-reason-input"
            labels={INVENTORY_LABELS.reason}
            reasonMax={INVENTORY_REASON_MAX}
            onClose={() => setDialog(null)}
            onDone={() => undefined}
            submit={async (reason) =>
              changed(
                await call(inventoryEndpoints.requestGoodsCancel, { storeCode, id: r.id, reason }, silent),
              )
            }
          />
          {dialog === 'receive' ? (
            <ReceiveDialog
              lines={r.lines}
              testPrefix="request-goods"
              onClose={() => setDialog(null)}
              submit={async (lines) =>
                changed(
                  await call(inventoryEndpoints.requestGoodsReceive, { storeCode, id: r.id, lines }, silent),
                )
              }
            />
          ) : null}
        </>
      )}
    </DetailPage>
  );
}
