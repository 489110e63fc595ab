import { OFFER_PAGE_SIZE_MAX, planEndpoints } from '@console/contract';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { useStoreList } from '../../components/list/use-store-list';
import { ORDER_LABELS } from './labels';
import { OfferCard } from './offer-card';
import { orderKeys } from './order-keys';
import { useOrderLinks } from './order-links';
import { useOrderMessageRefresh } from './order-message-refresh';
import styles from './orders.module.css';
import { useGrab } from './use-grab';
import { useNow } from './use-now';

const L = ORDER_LABELS.rob;
/** One page is enough for a store: offers close within half an hour. */
const robUrlShape = {
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([20, OFFER_PAGE_SIZE_MAX], OFFER_PAGE_SIZE_MAX),
};

/** 抢单: the offers open to the selected store, as cards with their time left and a grab button. */
export function RobOrdersPage() {
  const { storeCode, list } = useStoreList(robUrlShape, {
    key: orderKeys.offers,
    endpoint: () => planEndpoints.offers,
  });
  const now = useNow();
  const links = useOrderLinks();
  const grab = useGrab(storeCode);
  useOrderMessageRefresh();

  return (
    <ListPage
      title={ORDER_LABELS.titles.rob}
      name="rob-orders"
      list={list}
      columns={[]}
      rowKey="performancePlanOrderNo"
      notice={<span className={styles.hint}>{L.autoRefresh}</span>}
      empty={{ description: L.empty, action: <span className={styles.hint}>{L.emptyHint}</span> }}
      renderCard={(offer) => (
        <OfferCard
          offer={offer}
          now={now}
          href={links.href('robOrderDetail', { performancePlanOrderNo: offer.performancePlanOrderNo })}
          action={{
            label: grab.pendingNo === offer.performancePlanOrderNo ? L.grabbing : L.grab,
            permission: 'order:rob',
            loading: grab.pendingNo === offer.performancePlanOrderNo,
            disabled: grab.busy,
            onClick: () => void grab.start(offer.performancePlanOrderNo),
          }}
        />
      )}
    />
  );
}
