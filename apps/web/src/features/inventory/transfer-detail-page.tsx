import { inventoryEndpoints, type TransferDetail, type TransferLine } from '@console/contract';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { DetailPage, useListReturn } from '../../components/detail/detail-page';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { useMenuPageLinks } from '../../components/use-menu-page-links';
import { call } from '../../lib/http';
import { DocTimeline, useDocDetail } from './doc-detail';
import { inventoryKeys } from './inventory-keys';
import { INVENTORY_LABELS } from './labels';
import { TransferDialogs, type TransferDialog } from './transfer-dialogs';
import { TRANSFER_STATUS_COLOR } from './transfer-status';

const F = INVENTORY_LABELS.fields;
const N = INVENTORY_LABELS.lines;
const A = INVENTORY_LABELS.actions;

/** A document's lines (a transfer's or a request's): asked, then shipped, received, damaged, short, open. */
export function LinesTable({ lines, testId }: { lines: readonly TransferLine[]; testId: string }) {
  const shipped = lines.some((line) => line.shipQuantity > 0);
  const numeric = (key: keyof TransferLine, title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
  });
  return (
    <Table<TransferLine>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      dataSource={[...lines]}
      columns={[
        { key: 'sku', title: N.sku, render: (_, line) => `${line.skuName} ${line.spec}`.trim() },
        numeric('quantity', N.quantity),
        ...(shipped
          ? [
              { key: 'batchNo', title: N.batchNo, dataIndex: 'batchNo' },
              numeric('shipQuantity', N.ship),
              numeric('receivedQuantity', N.received),
              {
                key: 'damagedQuantity',
                title: N.damaged,
                align: 'right' as const,
                render: (_: unknown, line: TransferLine) =>
                  line.damagedQuantity ? <Tag color="error">{line.damagedQuantity}</Tag> : 0,
              },
              {
                key: 'shortQuantity',
                title: N.short,
                align: 'right' as const,
                render: (_: unknown, line: TransferLine) =>
                  line.shortQuantity ? (
                    <Tag color="error" data-testid="transfer-line-short">
                      {line.shortQuantity}
                    </Tag>
                  ) : (
                    0
                  ),
              },
              numeric('outstanding', N.outstanding),
            ]
          : []),
      ]}
    />
  );
}

/**
 * 调拨单详情: one page for the three detail routes of spec 2.15 (receivingOrderDetails, takeOrdersDetail,
 * applicationDetail ?id=…): the document, its lines, its timeline and the actions the server allows now.
 */
export function TransferDetailPage() {
  const links = useMenuPageLinks();
  const [dialog, setDialog] = useState<TransferDialog | null>(null);
  const { storeCode, detail, refresh, changed } = useDocDetail(inventoryKeys.transfer, (code, id, signal) =>
    call(inventoryEndpoints.transferDetail, { storeCode: code, id }, { signal, flags: { silent: true } }),
  );
  const side = detail.data?.side ?? 'in';
  const backTo = useListReturn(links.href(side === 'in' ? 'TransferIn' : 'TransferOut'));
  const action = (
    key: TransferDialog,
    label: string,
    t: TransferDetail,
    primary = false,
    danger = false,
  ) => ({
    key,
    label,
    allowed: t.actions.includes(key),
    primary,
    danger,
    onClick: () => setDialog(key),
  });

  return (
    <DetailPage
      title={INVENTORY_LABELS.titles.transferDetail}
      testId="transfer-detail-page"
      detail={detail}
      recordNo={(t) => t.transferNo}
      backTo={backTo}
      missingKey={INVENTORY_LABELS.detail.missingId}
      idle={(t) => t.statusText}
      onRefresh={refresh}
      actionTestId="transfer-action"
      actions={(t) => [
        action('accept', A.accept, t, true),
        action('confirmBatch', A.confirmBatch, t, true),
        action('ship', A.ship, t, true),
        action('receive', A.receive, t, true),
        action('refuse', A.refuse, t, false, true),
        action('cancel', A.cancel, t, false, true),
      ]}
    >
      {(t) => (
        <>
          <InfoSection
            title={INVENTORY_LABELS.detail.infoTitle}
            fields={[
              infoField.text(F.transferNo, t.transferNo),
              infoField.status(F.status, t.statusText, TRANSFER_STATUS_COLOR[t.status], 'transfer-status'),
              infoField.text(F.fromStore, `${t.fromStoreName}（${t.fromStoreCode}）`),
              infoField.text(F.toStore, `${t.toStoreName}（${t.toStoreCode}）`),
              infoField.text(F.requestedBy, t.requestedByName),
              infoField.time(F.createdAt, t.createdAt),
              infoField.text(
                F.discrepancy,
                t.hasDiscrepancy ? (
                  <Tag color="error" data-testid="transfer-discrepancy">
                    {INVENTORY_LABELS.list.discrepancy}
                  </Tag>
                ) : (
                  INVENTORY_LABELS.list.none
                ),
              ),
              infoField.text(F.remark, t.remark || INVENTORY_LABELS.list.none, { span: 'filled' }),
              ...(t.cancelReason
                ? [infoField.text(F.cancelReason, t.cancelReason, { span: 'filled' as const })]
                : []),
            ]}
          />
          <InfoSection title={N.title}>
            <LinesTable lines={t.lines} testId="transfer-lines" />
          </InfoSection>
          <InfoSection title={INVENTORY_LABELS.detail.timelineTitle}>
            <DocTimeline
              events={t.timeline}
              danger={['cancel', 'refuse', 'accept_rejected', 'ship_rejected']}
              testId="transfer-timeline"
            />
          </InfoSection>
          <TransferDialogs
            dialog={dialog}
            transfer={t}
            storeCode={storeCode}
            onClose={() => setDialog(null)}
            onDone={changed}
          />
        </>
      )}
    </DetailPage>
  );
}
