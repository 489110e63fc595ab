import type { OrderDetail } from '@console/contract';

/** What every action dialog of the received-order detail gets. */
export type OrderDialogProps = {
  open: boolean;
  order: OrderDetail;
  storeCode: string;
  onClose(): void;
  /** After success: the detail and its log refresh. */
  onDone(): void;
};
