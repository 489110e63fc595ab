import {
  VALET_STATUSES,
  VALET_STATUS_TEXT,
  exportEndpoints,
  integralOrderEndpoints,
  type IntegralOrderFilters,
  type IntegralOrderRow,
  type StoreOption,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { InfoSection, infoField } from '../../components/detail/info-section';
import { column, type ListColumn } from '../../components/list/columns';
import { useExportAction } from '../../components/list/export-button';
import { DateKeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { dateRangeOfQuery, dateUrlShape, urlField, type UrlQuery } from '../../components/list/list-query';
import listStyles from '../../components/list/list.module.css';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { statusFilterOf } from '../../components/list/use-list-query';
import { RemoteSelect } from '../../components/remote-select';
import { usePhoneWidth } from '../../components/use-phone-width';
import { formatYuan } from '../../lib/format/display';
import { call } from '../../lib/http';
import { storeChoices } from '../../lib/store-choices';
import { ItemsSection, MemberSection, OrderSection } from '../../components/valet-order/valet-order-sections';
import { VALET_STATUS_COLOR, VALET_STATUS_OPTIONS } from '../../components/valet-order/valet-status';
import { INTEGRAL_ORDER_LABELS as L } from './integral-orders-labels';

const T = L.columns;
/** The URL parameter of the order whose detail drawer is open. */
const OPEN_PARAM = 'order';

export const integralOrderKeys = {
  page: ['integral-orders', 'page'] as const,
  detail: (valetOrderNo: string) => ['integral-orders', 'detail', valetOrderNo] as const,
};

/** 积分订单's URL: each parameter checked on its own, a bad one falls back to its default. */
export const integralOrdersUrlShape = {
  store: urlField.keyword(32),
  status: urlField.oneOfOr(['all', ...VALET_STATUSES], 'all'),
  keyword: urlField.keyword(40),
  ...dateUrlShape,
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};
type IntegralOrdersQuery = UrlQuery<typeof integralOrdersUrlShape>;

/** The URL's query → the contract's filters (a filter that is off stays out); a date preset resolved at `now`. */
export function integralOrderFiltersOf(query: IntegralOrdersQuery, now = new Date()): IntegralOrderFilters {
  return {
    storeCode: query.store || undefined,
    status: query.status === 'all' ? undefined : query.status,
    keyword: query.keyword || undefined,
    ...dateRangeOfQuery(query, now),
  };
}

/** Points, plus cash when the SKU asks for some. */
const amountOf = (row: IntegralOrderRow) =>
  `${row.points} 积分${row.payCents > 0 ? ` + ${formatYuan(row.payCents)}` : ''}`;

function useColumns(): ListColumn<IntegralOrderRow>[] {
  const [params] = useSearchParams();
  const hrefOf = (row: IntegralOrderRow) => {
    const next = new URLSearchParams(params);
    next.set(OPEN_PARAM, row.valetOrderNo);
    return `?${next.toString()}`;
  };
  return [
    column.key('valetOrderNo', T.valetOrderNo, hrefOf),
    column.text('storeName', T.storeName, { width: 150 }),
    column.contact('memberName', 'memberPhoneMasked', T.memberName),
    column.remark('itemsSummary', T.itemsSummary),
    { key: 'points', title: T.points, align: 'right', width: 150, render: (_, row) => amountOf(row) },
    column.status('status', T.status, VALET_STATUS_TEXT, VALET_STATUS_COLOR),
    column.person('createdByName', T.createdByName),
    column.time('createdAt', T.createdAt),
    column.text('omsOrderNo', T.omsOrderNo, { width: 200, hiddenByDefault: true }),
  ];
}

/**
 * 积分订单 (head office): the points orders of every store in the caller's data scope; a drawer per order; 导出 as
 * a head-office export job (its file is listed in the asker's 导出记录 only).
 */
export function IntegralOrdersPage() {
  const { listQuery, list } = useHeadOfficeList(integralOrdersUrlShape, {
    key: integralOrderKeys.page,
    endpoint: integralOrderEndpoints.page,
    filters: integralOrderFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const exporter = useExportAction({
    permission: ['integralOrder:export'],
    start: () => call(exportEndpoints.integralOrders, integralOrderFiltersOf(query)),
  });
  const [params, setParams] = useSearchParams();
  const open = params.get(OPEN_PARAM);
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(OPEN_PARAM);
      return next;
    });

  return (
    <>
      <ListPage
        title={L.title}
        name="integral-orders"
        list={list}
        columns={useColumns()}
        rowKey="valetOrderNo"
        toolbar={exporter.button}
        notice={exporter.notice}
        empty={{ description: L.empty }}
        statusFilter={statusFilterOf(listQuery, VALET_STATUS_OPTIONS)}
        filters={
          <DateKeywordFilters listQuery={listQuery} name="integral-orders" labels={L}>
            <RemoteSelect<StoreOption, string>
              {...storeChoices}
              allowClear
              className={listStyles.keyword}
              placeholder={L.storePlaceholder}
              value={query.store || undefined}
              onChange={(store) => setQuery({ store: store ?? '' })}
              testId="integral-orders-store"
            />
          </DateKeywordFilters>
        }
      />
      <IntegralOrderDrawer valetOrderNo={open} onClose={close} />
    </>
  );
}

/** One order's detail in a drawer: the order, the member, the goods, and its store and upstream order. */
function IntegralOrderDrawer({ valetOrderNo, onClose }: { valetOrderNo: string | null; onClose(): void }) {
  const phone = usePhoneWidth();
  const detail = useQuery({
    queryKey: integralOrderKeys.detail(valetOrderNo ?? ''),
    queryFn: ({ signal }) =>
      call(
        integralOrderEndpoints.detail,
        { valetOrderNo: valetOrderNo! },
        { signal, flags: { silent: true } },
      ),
    enabled: Boolean(valetOrderNo),
  });
  const order = detail.data;
  return (
    <Drawer
      open={Boolean(valetOrderNo)}
      onClose={onClose}
      title={valetOrderNo ? `${L.detailTitle} ${valetOrderNo}` : L.detailTitle}
      size={phone ? '100%' : 720}
      data-testid="integral-order-drawer"
      destroyOnHidden
    >
      {detail.isPending ? <Skeleton active /> : null}
      {detail.isError ? <Alert type="error" showIcon title={L.notFound} /> : null}
      {order ? (
        <>
          <OrderSection order={order} />
          <InfoSection
            title={L.storeTitle}
            testId="integral-order-store"
            fields={[
              infoField.text(L.store, `${order.storeName}（${order.storeCode}）`),
              infoField.text(L.omsOrderNo, order.omsOrderNo),
              infoField.text(L.planStatus, order.planStatusText),
              infoField.text(L.takenStore, order.takenStoreName),
            ]}
          />
          <MemberSection order={order} />
          <ItemsSection order={order} />
        </>
      ) : null}
    </Drawer>
  );
}
