import { useShopStore } from '../stores/shop-store';
import styles from './shell.module.css';

/** Where the message bell (spec 2.14) goes; the message center fills it. */
export function MessageBellSlot() {
  return <span data-testid="header-message-slot" className={styles.slot} />;
}

/** Where the store switcher (spec 2.11) goes; until then it shows the selected store. */
export function StoreSwitcherSlot() {
  const shop = useShopStore((state) => state.shopInfo);
  const label = shop
    ? [shop.frontTitle, shop.businessScopeName, shop.addressId].filter(Boolean).join('-')
    : '';
  return (
    <span data-testid="header-store-slot" className={styles.storeSlot} title={label || undefined}>
      {label}
    </span>
  );
}
