import { fulfilmentEndpoints, type EndpointInput } from '@console/contract';
import type { ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { call } from '../../lib/http';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import type { OrderAction } from './order-actions';

type ActionInput<A extends OrderAction> = EndpointInput<(typeof fulfilmentEndpoints)[A]>;
/** What an action sends besides the order it is about. */
type ActionFields<A extends OrderAction> = Omit<ActionInput<A>, 'storeCode' | 'performanceOrderNo'>;

/**
 * Runs an action on the dialog's order (the endpoint of the same name, the store and the order filled in).
 * Silent: the dialog shows the server's refusal itself; a 409 belongs inside it, not in a toast.
 */
export function callOrderAction<A extends OrderAction>(
  action: A,
  { storeCode, order }: Pick<OrderDialogProps, 'storeCode' | 'order'>,
  fields: ActionFields<A>,
) {
  const input = { storeCode, performanceOrderNo: order.performanceOrderNo, ...fields } as ActionInput<A>;
  return call(fulfilmentEndpoints[action], input, { flags: { silent: true } });
}

type Props<Values, A extends OrderAction> = {
  action: A;
  dialog: OrderDialogProps;
  testId: string;
  /** What the action sends, from the form's values. */
  fieldsOf(values: Values): ActionFields<A>;
  initialValues?: Partial<Values>;
  children: ReactNode;
};

/** The <FormDialog> of an order action: titled and toasted after the action, OK calls it on the order. */
export function OrderActionDialog<Values extends object, A extends OrderAction>({
  action,
  dialog,
  testId,
  fieldsOf,
  initialValues,
  children,
}: Props<Values, A>) {
  return (
    <FormDialog<Values>
      open={dialog.open}
      title={ORDER_LABELS.actions[action]}
      doneText={ORDER_LABELS.actions.done[action]}
      testId={testId}
      onClose={dialog.onClose}
      onDone={dialog.onDone}
      initialValues={initialValues}
      submit={(values) => callOrderAction(action, dialog, fieldsOf(values))}
    >
      {children}
    </FormDialog>
  );
}
