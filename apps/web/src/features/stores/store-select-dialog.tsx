import { Button, Modal, Radio } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { STORE_LABELS } from './labels';
import { choiceOf, type StoreChoice } from './store-list';
import { StoreListBody } from './store-list-body';
import { StoreSearchBox } from './store-search-box';
import styles from './stores.module.css';
import { useStoreList } from './use-store-list';

/**
 * Spec 2.12: the start-up choice among several stores. It cannot be dismissed (no close button, mask click
 * or Esc); 确定 without a choice warns 请选择门店！. `onConfirm` resolves whether the store was applied.
 */
export function StoreSelectDialog({ onConfirm }: { onConfirm(store: StoreChoice): Promise<boolean> }) {
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<StoreChoice | null>(null);
  const [saving, setSaving] = useState(false);
  const list = useStoreList(keyword);

  const confirm = async () => {
    if (!chosen) {
      notify.warning(STORE_LABELS.noStoreChosen);
      return;
    }
    setSaving(true);
    const applied = await onConfirm(chosen);
    if (!applied) setSaving(false);
  };

  return (
    <Modal
      open
      title={STORE_LABELS.selectDialogTitle}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={
        <Button type="primary" loading={saving} data-testid="store-select-ok" onClick={() => void confirm()}>
          {STORE_LABELS.ok}
        </Button>
      }
    >
      <div data-testid="store-select-dialog">
        <p className={styles.dialogText}>{STORE_LABELS.selectDialogText}</p>
        <StoreSearchBox onSearch={setKeyword} />
        <Radio.Group
          className={`${styles.scroll} ${styles.radioList}`}
          value={chosen?.addressId}
          onChange={(event) => {
            const code = event.target.value as string;
            for (const group of list.groups) {
              const store = group.stores.find((item) => item.addressId === code);
              if (store) setChosen(choiceOf(group, store));
            }
          }}
        >
          <StoreListBody
            list={list}
            renderStore={(_group, store) => (
              <Radio key={store.addressId} value={store.addressId} className={styles.radioItem}>
                <span data-testid="store-radio">{`${store.businessScopeName}-${store.addressId}`}</span>
              </Radio>
            )}
          />
        </Radio.Group>
      </div>
    </Modal>
  );
}
