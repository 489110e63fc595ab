import { CheckOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useShopStore } from '../../stores/shop-store';
import { STORE_LABELS } from './labels';
import { choiceOf, type StoreChoice } from './store-list';
import { StoreListBody } from './store-list-body';
import { StoreSearchBox } from './store-search-box';
import styles from './stores.module.css';
import { useStoreList } from './use-store-list';

/** The popover's content (spec 2.11): search, the grouped list, the current store marked. */
export function StorePickerPanel({ onPick }: { onPick(store: StoreChoice): void }) {
  const [keyword, setKeyword] = useState('');
  const list = useStoreList(keyword);
  const currentCode = useShopStore((state) => state.shopInfo?.addressId);
  return (
    <div data-testid="store-switcher-panel">
      <StoreSearchBox onSearch={setKeyword} />
      <div className={styles.scroll}>
        <StoreListBody
          list={list}
          renderStore={(group, store) => {
            const current = store.addressId === currentCode;
            const label = `${store.businessScopeName}-${store.addressId}`;
            return (
              <button
                key={store.addressId}
                type="button"
                title={store.shopName ? `${label}（${store.shopName}）` : label}
                aria-current={current || undefined}
                className={current ? `${styles.item} ${styles.itemCurrent}` : styles.item}
                data-testid="store-option"
                onClick={() => onPick(choiceOf(group, store))}
              >
                <span className={styles.itemText}>{label}</span>
                {current && <CheckOutlined aria-label={STORE_LABELS.current} />}
              </button>
            );
          }}
        />
      </div>
    </div>
  );
}
