import { planEndpoints, type OfferSummary } from '@console/contract';
import { Alert } from 'antd';
import { COMMON_LABELS } from '../../components/labels';
import {
  areaColumn,
  keyColumn,
  moneyColumn,
  timeColumn,
  type ListColumn,
} from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { distanceText } from '../../lib/format/display';
import { useStoreCode } from '../../stores/use-store-code';
import { ORDER_LABELS } from './labels';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import { useGrab } from './use-grab';

const L = ORDER_LABELS.untaken;
const F = ORDER_LABELS.fields;
const PAGE_SIZES = [10, 20, 50] as const;
const untakenUrlShape = { pageNum: urlField.pageNum(), pageSize: urlField.pageSize(PAGE_SIZES, 20) };

/** Delivery, where and who are off by default so the time it ran out fits beside 接单 at 1366 px (列设置 adds them). */
function useColumns(): ListColumn<OfferSummary>[] {
  const links = useOrderLinks();
  return [
    keyColumn(
      'performancePlanOrderNo',
      F.planOrderNo,
      (row) => links.href('robOrderDetail', { performancePlanOrderNo: row.performancePlanOrderNo }),
      { sub: (row) => row.omsOrderNo },
    ),
    { key: 'channelText', title: F.channel, dataIndex: 'channelText', width: 110 },
    { key: 'itemsSummary', title: F.items, dataIndex: 'itemsSummary', ellipsis: true, width: 180 },
    moneyColumn('payCents', F.amount),
    {
      key: 'deliveryTypeText',
      title: F.delivery,
      dataIndex: 'deliveryTypeText',
      width: 100,
      hiddenByDefault: true,
    },
    {
      key: 'distanceMeters',
      title: F.distance,
      width: 90,
      align: 'right',
      render: (_, row) => distanceText(row.distanceMeters),
    },
    areaColumn('regionName', F.address, { width: 160, hiddenByDefault: true }),
    { key: 'customerName', title: F.customer, dataIndex: 'customerName', width: 90, hiddenByDefault: true },
    timeColumn('expiresAt', L.expiredAt),
  ];
}

/** 未接订单: offers nobody grabbed in time, still open to this store with 接单. */
export function UntakenOrdersPage() {
  const listQuery = useListQuery(untakenUrlShape);
  const { query } = listQuery;
  const storeCode = useStoreCode();
  const columns = useColumns();
  const take = useGrab(storeCode, 'take');
  useOrderMessageRefresh();
  const list = useListData({
    key: orderKeys.untaken(storeCode),
    endpoint: planEndpoints.untaken,
    request: { storeCode, pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });
  const rowActions: RowAction<OfferSummary>[] = [
    {
      key: 'take',
      label: L.take,
      permission: ['order:take'],
      confirm: (row) => row.performancePlanOrderNo,
      onClick: (row) => take.run(row.performancePlanOrderNo),
    },
  ];

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <ListPage
      title={ORDER_LABELS.titles.untaken}
      name="untaken"
      testId="untaken-orders-page"
      list={list}
      paging={listQuery}
      columns={columns}
      rowKey="performancePlanOrderNo"
      pageSizes={PAGE_SIZES}
      rowActions={rowActions}
      empty={{ description: L.empty }}
    />
  );
}
