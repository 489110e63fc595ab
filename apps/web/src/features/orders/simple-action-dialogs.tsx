import { CANCEL_REASON_MAX, INVOICE_NO_FORMAT, WRITE_OFF_CODE_FORMAT } from '@console/contract';
import { Form } from 'antd';
import { CodeField } from '../../components/form-dialog/form-fields';
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
      <CodeField
        name="invoiceNo"
        label={F.invoiceNo}
        required={L.noRequired}
        format={INVOICE_NO_FORMAT}
        placeholder={L.noPlaceholder}
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
      <CodeField
        name="writeOffCode"
        label={F.writeOffCode}
        required={L.codeRequired}
        format={WRITE_OFF_CODE_FORMAT}
        placeholder={L.codePlaceholder}
        testId="write-off-code"
      />
    </OrderActionDialog>
  );
}
