import type { ShopListItem } from '@console/contract';
import { Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { STORE_LABELS } from './labels';
import type { StoreGroup } from './store-list';
import styles from './stores.module.css';
import type { useStoreList } from './use-store-list';

type Props = {
  list: ReturnType<typeof useStoreList>;
  renderStore(group: StoreGroup, store: ShopListItem): ReactNode;
};

/** Spec 4.8: 加载中… / 加载更多 / 没有更多了 / 加载失败，点击重试 under a paged list. */
function LoadMore({ list }: Pick<Props, 'list'>) {
  if (list.isFetchingNextPage) return <div className={styles.loadMore}>{STORE_LABELS.loading}</div>;
  if (list.isFetchNextPageError) {
    return (
      <Button type="link" size="small" block onClick={() => void list.fetchNextPage()}>
        {STORE_LABELS.loadFailed}
      </Button>
    );
  }
  if (list.hasNextPage) {
    return (
      <Button
        type="link"
        size="small"
        block
        data-testid="store-load-more"
        onClick={() => void list.fetchNextPage()}
      >
        {STORE_LABELS.loadMore}
      </Button>
    );
  }
  return <div className={styles.loadMore}>{STORE_LABELS.noMore}</div>;
}

/** The grouped store list with its loading, failure, empty and load-more states. */
export function StoreListBody({ list, renderStore }: Props) {
  if (list.isPending) {
    return (
      <div className={styles.status} data-testid="store-list-loading">
        <Spin size="small" /> {STORE_LABELS.loading}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className={styles.status}>
        <Button type="link" onClick={() => void list.refetch()}>
          {STORE_LABELS.loadFailed}
        </Button>
      </div>
    );
  }
  if (list.groups.length === 0) {
    return (
      <Empty
        className={styles.status}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={STORE_LABELS.empty}
      />
    );
  }
  return (
    <div data-testid="store-list">
      {list.groups.map((group) => (
        <section key={group.frontTitle} className={styles.group} data-testid="store-group">
          <h4 className={styles.groupTitle}>{group.frontTitle}</h4>
          <div className={styles.groupItems}>{group.stores.map((store) => renderStore(group, store))}</div>
        </section>
      ))}
      <LoadMore list={list} />
    </div>
  );
}
