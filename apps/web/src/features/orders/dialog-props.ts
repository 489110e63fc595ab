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

/** Action dialogs show the server's refusal themselves (a 409 belongs inside the dialog, not in a toast). */
export const ACTION_CALL = { flags: { silent: true } } as const;
