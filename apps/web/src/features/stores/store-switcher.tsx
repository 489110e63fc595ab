import { DownOutlined } from '@ant-design/icons';
import { Popover, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useShopStore } from '../../stores/shop-store';
import { storeLabel, STORE_LABELS } from './labels';
import { storeEvents } from '../../lib/events/store-events';
import type { StoreChoice } from './store-list';
import styles from './stores.module.css';
import { useSwitchStore } from './use-switch-store';

// Search box and list (antd Input, Empty) load when the picker first opens, not with the shell.
const StorePickerPanel = lazy(() =>
  import('./store-picker-panel').then((m) => ({ default: m.StorePickerPanel })),
);

/** The header's store switcher (spec 2.11): the current store, a click opens the 600-wide picker. */
export function StoreSwitcher() {
  const shop = useShopStore((state) => state.shopInfo);
  const [open, setOpen] = useState(false);
  const switchStore = useSwitchStore();
  useEffect(() => storeEvents.on('openSwitcher', () => setOpen(true)), []);

  const pick = (store: StoreChoice) => {
    setOpen(false);
    void switchStore(store);
  };
  const label = shop ? storeLabel(shop) : STORE_LABELS.chooseStore;
  // The header has room for the store's short name; area and code are in the tooltip and the switcher.
  const shortName = shop ? shop.businessScopeName || shop.addressId : STORE_LABELS.chooseStore;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      classNames={{ root: styles.popoverRoot, container: styles.popoverContainer }}
      content={
        <Suspense fallback={<Spin className={styles.panelLoading} />}>
          <StorePickerPanel onPick={pick} />
        </Suspense>
      }
    >
      <button
        type="button"
        className={styles.trigger}
        title={label}
        aria-label={`${STORE_LABELS.switcherTitle}：${label}`}
        aria-expanded={open}
        data-testid="header-store-slot"
      >
        <span className={styles.triggerText}>{shortName}</span>
        <DownOutlined className={styles.triggerIcon} />
      </button>
    </Popover>
  );
}
