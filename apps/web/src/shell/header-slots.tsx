import styles from './shell.module.css';

/** Where the message bell (spec 2.14) goes; the message center fills it. */
export function MessageBellSlot() {
  return <span data-testid="header-message-slot" className={styles.slot} />;
}
