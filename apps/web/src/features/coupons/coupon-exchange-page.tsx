import {
  exportEndpoints,
  MEMBER_COUPON_STATUS_TEXT,
  couponEndpoints,
  type ExchangeRow,
} from '@console/contract';
import { useState } from 'react';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { AddButton } from '../../components/list/add-button';
import { useStoreList } from '../../components/list/use-store-list';
import { call } from '../../lib/http';
import { useRefresh } from '../../lib/use-refresh';
import { CouponFormDialog } from './coupon-form-dialog';
import {
  couponKeys,
  EXCHANGE_STATUS_COLOR,
  EXCHANGE_STATUS_OPTIONS,
  exchangeFiltersOf,
  exchangeUrlShape,
} from './coupon-query';
import { ExchangeDialog } from './exchange-dialog';
import { COUPON_LABELS } from './labels';

const L = COUPON_LABELS;
const F = L.fields;

function useColumns(): ListColumn<ExchangeRow>[] {
  return [
    column.key('exchangeNo', F.exchangeNo, () => null),
    column.text('couponName', F.couponName, { width: 160 }),
    column.text('valueText', F.valueText, { width: 140 }),
    column.contact('memberName', 'memberPhone', F.memberName),
    column.count('points', F.points),
    column.status('status', F.status, MEMBER_COUPON_STATUS_TEXT, EXCHANGE_STATUS_COLOR, { width: 100 }),
    column.person('clerkName', F.clerkName),
    column.time('exchangedAt', F.exchangedAt),
    column.time('validTo', F.validTo, { hiddenByDefault: true }),
    column.time('cancelledAt', F.cancelledAt, { hiddenByDefault: true }),
    column.remark('cancelReason', F.cancelReason, { hiddenByDefault: true }),
  ];
}

/**
 * 优惠券兑换 (docs/domain/coupons.md): the store's exchange records by state and date, 兑换优惠券 for a member
 * (with the member's code), 撤销 of an unused exchange within the window, 导出 through the export jobs, and
 * head office's 新增优惠券.
 */
export function CouponExchangePage() {
  const { storeCode, listQuery, list } = useStoreList(exchangeUrlShape, {
    key: couponKeys.page,
    endpoint: () => couponEndpoints.exchangePageList,
    filters: exchangeFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const refresh = useRefresh(couponKeys.all);
  const [exchanging, setExchanging] = useState(false);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<ExchangeRow | null>(null);
  const exporter = useExportAction({
    permission: ['coupon:export'],
    start: () => call(exportEndpoints.couponExchanges, exchangeFiltersOf(storeCode, query)),
  });

  return (
    <>
      <ListPage
        title={L.title}
        name="exchange"
        testId="coupon-exchange-page"
        list={list}
        columns={useColumns()}
        rowKey="exchangeNo"
        add={{ label: L.exchange.open, permission: ['coupon:exchange'], onClick: () => setExchanging(true) }}
        toolbar={
          <>
            <AddButton
              label={L.template.open}
              permission={['coupon:edit']}
              testId="coupon-template-add"
              onClick={() => setAdding(true)}
            />
            {exporter.button}
          </>
        }
        notice={exporter.notice}
        empty={{ description: L.list.empty }}
        statusFilter={{
          value: query.status,
          options: EXCHANGE_STATUS_OPTIONS,
          onChange: (status) => setQuery({ status }),
        }}
        filters={<DateKeywordFilters listQuery={listQuery} name="exchange" labels={L.list} />}
        rowActions={[
          {
            key: 'cancel',
            label: L.cancel.action,
            danger: true,
            permission: ['coupon:cancelExchange'],
            allowed: (row) => row.actions.cancel,
            onClick: (row) => setCancelling(row),
          },
        ]}
      />
      <ExchangeDialog
        open={exchanging}
        storeCode={storeCode}
        onClose={() => setExchanging(false)}
        onDone={() => refresh()}
      />
      <CouponFormDialog open={adding} onClose={() => setAdding(false)} onDone={() => refresh()} />
      {cancelling ? (
        <ReasonDialog
          title={`${L.cancel.title} ${cancelling.exchangeNo}`}
          doneText={L.cancel.done}
          okText={L.cancel.ok}
          testId="coupon-cancel"
          reasonTestId="coupon-cancel-reason"
          labels={L.cancel}
          reasonMax={255}
          warning={L.cancel.warning}
          submit={(reason) =>
            call(
              couponEndpoints.cancelExchange,
              { storeCode, exchangeNo: cancelling.exchangeNo, reason },
              { flags: { silent: true } },
            )
          }
          onClose={() => setCancelling(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}
