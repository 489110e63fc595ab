import { Grid, Modal } from 'antd';
import { STORE_INFO_LABELS } from './labels';
import { StoreInfoForm } from './store-info-form';

type StoreInfoDialogProps = {
  open: boolean;
  shopCode: string;
  onSaved(): void;
  /**
   * Only the voluntary edit from the 门店信息 page can be dismissed. The confirmation of spec 4.4 has no way
   * out but saving (docs/domain/store-info.md).
   */
  onCancel?: () => void;
  title?: string;
};

/** The store-info dialog (spec 2.13): wide enough for the 400×300 map, almost the whole screen on a phone. */
export function StoreInfoDialog({
  open,
  shopCode,
  onSaved,
  onCancel,
  title = STORE_INFO_LABELS.dialogTitle,
}: StoreInfoDialogProps) {
  const phone = !Grid.useBreakpoint().sm;
  const dismissible = onCancel !== undefined;
  return (
    <Modal
      open={open}
      title={title}
      width={{ xs: 'calc(100vw - 16px)', sm: 640 }}
      style={phone ? { top: 8, maxWidth: 'calc(100vw - 16px)', paddingBottom: 8 } : { top: 40 }}
      footer={null}
      closable={dismissible}
      keyboard={dismissible}
      mask={{ closable: false }}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="store-info-dialog"
    >
      {open && <StoreInfoForm shopCode={shopCode} vertical={phone} onSaved={onSaved} onCancel={onCancel} />}
    </Modal>
  );
}
