import { ShopOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { STORE_LABELS } from './labels';
import { storeEvents } from '../../lib/events/store-events';
import styles from './stores.module.css';

/** 请先选择门店 with the button that opens the store switcher (loaded by store-gate.tsx when needed). */
export function StoreGateNotice() {
  return (
    <Result
      icon={<ShopOutlined className={styles.gateIcon} />}
      title={STORE_LABELS.gateTitle}
      subTitle={STORE_LABELS.gateText}
      extra={
        <Button type="primary" onClick={() => storeEvents.emit('openSwitcher', undefined)}>
          {STORE_LABELS.gateAction}
        </Button>
      }
    />
  );
}
