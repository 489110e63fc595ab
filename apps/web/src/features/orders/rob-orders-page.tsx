import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Spin } from 'antd';
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

const L = ORDER_LABELS.rob;

/** 抢单: the offers open to the selected store, each with its time left and a grab button. */
export function RobOrdersPage() {
  const storeCode = useStoreCode();
  const now = useNow();
  const links = useOrderLinks();
  const grab = useGrab(storeCode);
  useOrderMessageRefresh();
  const offers = useQuery({
    queryKey: orderKeys.offers(storeCode),
    queryFn: ({ signal }) => plansApi.offers(storeCode, signal),
    enabled: Boolean(storeCode),
  });

  if (!storeCode) return <Alert type="info" showIcon title={ORDER_LABELS.common.noStore} />;
  const list = offers.data?.list ?? [];

  return (
    <Card
      title={ORDER_LABELS.titles.rob}
      data-testid="rob-orders-page"
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={offers.isFetching}
          onClick={() => void offers.refetch()}
          data-testid="rob-orders-refresh"
        >
          {ORDER_LABELS.common.refresh}
        </Button>
      }
    >
      <div className={styles.page}>
        <span className={styles.hint}>{L.autoRefresh}</span>
        {offers.isError ? (
          <Alert
            type="error"
            showIcon
            title={ORDER_LABELS.common.loadFailed}
            action={<Button onClick={() => void offers.refetch()}>{ORDER_LABELS.common.retry}</Button>}
          />
        ) : null}
        {offers.isLoading ? (
          <Spin description={ORDER_LABELS.common.loading}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        ) : list.length === 0 && !offers.isError ? (
          <Empty data-testid="rob-orders-empty" description={L.empty}>
            <span className={styles.hint}>{L.emptyHint}</span>
          </Empty>
        ) : (
          <div className={styles.offers}>
            {list.map((offer) => (
              <OfferCard
                key={offer.performancePlanOrderNo}
                offer={offer}
                now={now}
                countdown
                onOpen={() =>
                  links.open('robOrderDetail', { performancePlanOrderNo: offer.performancePlanOrderNo })
                }
                action={{
                  label: grab.pendingNo === offer.performancePlanOrderNo ? L.grabbing : L.grab,
                  permission: 'order:rob',
                  loading: grab.pendingNo === offer.performancePlanOrderNo,
                  disabled: grab.busy,
                  onClick: () => void grab.start(offer.performancePlanOrderNo),
                }}
              />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
