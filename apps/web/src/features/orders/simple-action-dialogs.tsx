import { CANCEL_REASON_MAX, INVOICE_NO_PATTERN, WRITE_OFF_CODE_PATTERN } from '@console/contract';
import { Form } from 'antd';
import { TextField } from '../../components/form-dialog/form-fields';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { formatYuan } from '../../lib/format/display';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { callOrderAction, OrderActionDialog } from './order-action-dialog';

const A = ORDER_LABELS.actions;
const F = ORDER_LABELS.fields;

/** 取消订单: a reason, with the consequence spelled out; the OK button is the confirmation. */
export function CancelDialog(props: OrderDialogProps) {
  const L = ORDER_LABELS.cancel;
  return (
    <ReasonDialog
      open={props.open}
      title={L.confirmTitle}
      doneText={A.done.cancel}
      okText={A.cancel}
      testId="cancel-dialog"
      reasonTestId="cancel-reason"
      labels={L}
      reasonMax={CANCEL_REASON_MAX}
      warning={L.confirmContent}
      onClose={props.onClose}
      onDone={props.onDone}
      submit={(reason) => callOrderAction('cancel', props, { reason })}
    />
  );
}

/** 开具发票: the number of the invoice issued for the customer's request. */
export function InvoiceDialog(props: OrderDialogProps) {
  const L = ORDER_LABELS.invoice;
  const invoice = props.order.invoice;
  return (
    <OrderActionDialog
      action="finishInvoice"
      dialog={props}
      testId="invoice-dialog"
      fieldsOf={(values: { invoiceNo: string }) => ({ invoiceNo: values.invoiceNo.trim() })}
    >
      <Form.Item label={F.invoiceTitle}>
        {invoice.title || '-'}（{invoice.invoiceTypeText}）
        {invoice.taxNo ? ` ${F.invoiceTaxNo}：${invoice.taxNo}` : ''}
      </Form.Item>
      <Form.Item label={F.amount}>{formatYuan(invoice.amountCents)}</Form.Item>
      <TextField
        name="invoiceNo"
        label={F.invoiceNo}
        required={L.noRequired}
        pattern={{ regex: INVOICE_NO_PATTERN, message: L.noInvalid }}
        max={20}
        placeholder={L.noPlaceholder}
        code="text"
        testId="invoice-no"
      />
    </OrderActionDialog>
  );
}

/** 核销: the 6-digit code the customer shows when collecting a pickup order. */
export function WriteOffDialog(props: OrderDialogProps) {
  const L = ORDER_LABELS.writeOff;
  return (
    <OrderActionDialog
      action="writeOff"
      dialog={props}
      testId="write-off-dialog"
      fieldsOf={(values: { writeOffCode: string }) => ({ writeOffCode: values.writeOffCode.trim() })}
    >
      <TextField
        name="writeOffCode"
        label={F.writeOffCode}
        required={L.codeRequired}
        pattern={{ regex: WRITE_OFF_CODE_PATTERN, message: L.codeInvalid }}
        max={6}
        placeholder={L.codePlaceholder}
        code="digits"
        testId="write-off-code"
      />
    </OrderActionDialog>
  );
}
