import { OFFER_PAGE_SIZE_MAX, planEndpoints } from '@console/contract';
import { Alert } from 'antd';
import { COMMON_LABELS } from '../../components/labels';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { useListData } from '../../components/list/use-list-data';
import { useListQuery } from '../../components/list/use-list-query';
import { useStoreCode } from '../../stores/use-store-code';
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
const PAGE_SIZES = [20, OFFER_PAGE_SIZE_MAX] as const;
const robUrlShape = {
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize(PAGE_SIZES, OFFER_PAGE_SIZE_MAX),
};

/** 抢单: the offers open to the selected store, as cards with their time left and a grab button. */
export function RobOrdersPage() {
  const listQuery = useListQuery(robUrlShape);
  const { query } = listQuery;
  const storeCode = useStoreCode();
  const now = useNow();
  const links = useOrderLinks();
  const grab = useGrab(storeCode);
  useOrderMessageRefresh();
  const list = useListData({
    key: orderKeys.offers(storeCode),
    endpoint: planEndpoints.offers,
    request: { storeCode, pageNum: query.pageNum, pageSize: query.pageSize },
    enabled: Boolean(storeCode),
  });

  if (!storeCode) return <Alert type="info" showIcon title={COMMON_LABELS.noStore} />;

  return (
    <ListPage
      title={ORDER_LABELS.titles.rob}
      name="rob-orders"
      list={list}
      paging={listQuery}
      columns={[]}
      rowKey="performancePlanOrderNo"
      pageSizes={PAGE_SIZES}
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
