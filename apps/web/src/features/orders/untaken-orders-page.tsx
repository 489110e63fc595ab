import { DELIVERY_TYPES, planEndpoints, type OfferSummary, type UntakenListBody } from '@console/contract';
import { column, type ListColumn } from '../../components/list/columns';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useStoreList } from '../../components/list/use-store-list';
import { distanceText } from '../../lib/format/display';
import { DeliveryTypeFilter } from './delivery-type-filter';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import { useGrab } from './use-grab';

const L = ORDER_LABELS.untaken;
const F = ORDER_LABELS.fields;

/** 未接订单's URL: delivery type, order number and the days the offers ran out on, each checked on its own. */
export const untakenUrlShape = {
  deliveryType: urlField.oneOf(DELIVERY_TYPES),
  keyword: urlField.keyword(40),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type UntakenQuery = UrlQuery<typeof untakenUrlShape>;

export function untakenFiltersOf(storeCode: string, query: UntakenQuery, now: Date = new Date()) {
  return {
    storeCode,
    deliveryType: query.deliveryType ?? null,
    keyword: query.keyword || null,
    ...dateRangeOfQuery(query, now),
  } satisfies Partial<UntakenListBody>;
}

/** Delivery, where and who are off by default so the time it ran out fits beside 接单 at 1366 px (列设置 adds them). */
function useColumns(): ListColumn<OfferSummary>[] {
  const links = useOrderLinks();
  return [
    column.key(
      'omsOrderNo',
      F.omsOrderNo,
      (row) => links.href('robOrderDetail', { performancePlanOrderNo: row.performancePlanOrderNo }),
      { sub: (row) => `${F.planOrderNo} ${row.performancePlanOrderNo}` },
    ),
    column.text('channelText', F.channel, { width: 110 }),
    column.remark('itemsSummary', F.items),
    column.money('payCents', F.amount),
    column.text('deliveryTypeText', F.delivery, { width: 100, hiddenByDefault: true }),
    {
      key: 'distanceMeters',
      title: F.distance,
      width: 90,
      align: 'right',
      render: (_, row) => distanceText(row.distanceMeters),
    },
    column.area('regionName', F.address, { width: 160, hiddenByDefault: true }),
    column.text('customerName', F.customer, { width: 90, hiddenByDefault: true }),
    column.time('expiresAt', L.expiredAt),
  ];
}

/** 未接订单: offers nobody grabbed in time, still open to this store with 接单. */
export function UntakenOrdersPage() {
  const { storeCode, listQuery, list } = useStoreList(untakenUrlShape, {
    key: orderKeys.untaken,
    endpoint: () => planEndpoints.untaken,
    filters: untakenFiltersOf,
  });
  const columns = useColumns();
  const take = useGrab(storeCode, 'take');
  useOrderMessageRefresh();
  const rowActions: RowAction<OfferSummary>[] = [
    {
      key: 'take',
      label: L.take,
      permission: ['order:take'],
      confirm: (row) => row.performancePlanOrderNo,
      onClick: (row) => take.run(row.performancePlanOrderNo),
    },
  ];

  return (
    <ListPage
      title={ORDER_LABELS.titles.untaken}
      name="untaken"
      testId="untaken-orders-page"
      list={list}
      columns={columns}
      rowActions={rowActions}
      empty={{ description: L.empty }}
      filters={
        <DateKeywordFilters listQuery={listQuery} name="untaken" labels={L}>
          <DeliveryTypeFilter
            testId="untaken-delivery"
            value={listQuery.query.deliveryType}
            onChange={(deliveryType) => listQuery.setQuery({ deliveryType })}
          />
        </DateKeywordFilters>
      }
    />
  );
}
