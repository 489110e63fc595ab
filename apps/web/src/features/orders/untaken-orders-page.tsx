import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Pagination, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { ORDER_LABELS } from './labels';
import { OfferCard } from './offer-card';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
import { plansApi } from './plans-api';
import { useGrab } from './use-grab';
import { useNow } from './use-now';
import { useStoreCode } from '../../stores/use-store-code';

const L = ORDER_LABELS.untaken;
export const UNTAKEN_PAGE_SIZE = 20;

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('pageNum'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** 未接订单: offers nobody grabbed in time, still open to this store with 接单. */
export function UntakenOrdersPage() {
  const [params, setParams] = useSearchParams();
  const pageNum = pageOf(params);
  const storeCode = useStoreCode();
  const now = useNow(60_000);
  const links = useOrderLinks();
  const take = useGrab(storeCode, 'take');
  useOrderMessageRefresh();
  const untaken = useQuery({
    queryKey: orderKeys.untaken(storeCode, pageNum),
    queryFn: ({ signal }) => plansApi.untaken(storeCode, pageNum, UNTAKEN_PAGE_SIZE, signal),
    enabled: Boolean(storeCode),
    placeholderData: (previous) => previous,
  });

  if (!storeCode) return <Alert type="info" showIcon title={ORDER_LABELS.common.noStore} />;
  const list = untaken.data?.list ?? [];

  return (
    <Card
      title={ORDER_LABELS.titles.untaken}
      data-testid="untaken-orders-page"
      extra={
        <Button icon={<ReloadOutlined />} loading={untaken.isFetching} onClick={() => void untaken.refetch()}>
          {ORDER_LABELS.common.refresh}
        </Button>
      }
    >
      <div className={styles.page}>
        {untaken.isError ? <Alert type="error" showIcon title={ORDER_LABELS.common.loadFailed} /> : null}
        {untaken.isLoading ? (
          <Spin description={ORDER_LABELS.common.loading}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        ) : list.length === 0 && !untaken.isError ? (
          <Empty data-testid="untaken-empty" description={L.empty} />
        ) : (
          <div className={styles.offers}>
            {list.map((offer) => (
              <OfferCard
                key={offer.performancePlanOrderNo}
                offer={offer}
                now={now}
                countdown={false}
                onOpen={() =>
                  links.open('robOrderDetail', { performancePlanOrderNo: offer.performancePlanOrderNo })
                }
                action={{
                  label: L.take,
                  permission: 'order:take',
                  loading: take.pendingNo === offer.performancePlanOrderNo,
                  disabled: take.busy,
                  onClick: () => void take.start(offer.performancePlanOrderNo),
                }}
              />
            ))}
          </div>
        )}
        <Pagination
          align="end"
          current={pageNum}
          pageSize={UNTAKEN_PAGE_SIZE}
          total={untaken.data?.total ?? 0}
          showSizeChanger={false}
          hideOnSinglePage
          onChange={(page) => setParams(page > 1 ? { pageNum: String(page) } : {})}
        />
      </div>
    </Card>
  );
}
