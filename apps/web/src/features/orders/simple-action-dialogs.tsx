import { fulfilmentEndpoints } from '@console/contract';
import { call } from '../../lib/http';
import { CANCEL_REASON_MAX, INVOICE_NO_PATTERN, WRITE_OFF_CODE_PATTERN } from '@console/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import type { OrderDialogProps } from './dialog-props';
import { ORDER_LABELS } from './labels';
import { formatYuan } from '../../lib/format/display';
import { ACTION_CALL } from './dialog-props';

const A = ORDER_LABELS.actions;
const F = ORDER_LABELS.fields;

/** 取消订单: a reason, with the consequence spelled out; the OK button is the confirmation. */
export function CancelDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const L = ORDER_LABELS.cancel;
  return (
    <ReasonDialog
      open={open}
      title={L.confirmTitle}
      doneText={A.done.cancel}
      okText={A.cancel}
      testId="cancel-dialog"
      reasonTestId="cancel-reason"
      reason={{
        label: L.reason,
        required: L.reasonRequired,
        placeholder: L.reasonPlaceholder,
        max: CANCEL_REASON_MAX,
      }}
      warning={L.confirmContent}
      onClose={onClose}
      onDone={onDone}
      submit={(reason) =>
        call(
          fulfilmentEndpoints.cancel,
          { storeCode, performanceOrderNo: order.performanceOrderNo, reason },
          ACTION_CALL,
        )
      }
    />
  );
}

/** 开具发票: the number of the invoice issued for the customer's request. */
export function InvoiceDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const L = ORDER_LABELS.invoice;
  const invoice = order.invoice;
  return (
    <FormDialog<{ invoiceNo: string }>
      open={open}
      title={A.finishInvoice}
      doneText={A.done.finishInvoice}
      testId="invoice-dialog"
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        call(
          fulfilmentEndpoints.finishInvoice,
          {
            storeCode,
            performanceOrderNo: order.performanceOrderNo,
            invoiceNo: values.invoiceNo.trim(),
          },
          ACTION_CALL,
        )
      }
    >
      <Form.Item label={F.invoiceTitle}>
        {invoice.title || '-'}（{invoice.invoiceTypeText}）
        {invoice.taxNo ? ` ${F.invoiceTaxNo}：${invoice.taxNo}` : ''}
      </Form.Item>
      <Form.Item label={F.amount}>{formatYuan(invoice.amountCents)}</Form.Item>
      <Form.Item
        name="invoiceNo"
        label={F.invoiceNo}
        rules={[
          { required: true, whitespace: true, message: L.noRequired },
          { pattern: INVOICE_NO_PATTERN, message: L.noInvalid },
        ]}
      >
        <Input data-testid="invoice-no" maxLength={20} placeholder={L.noPlaceholder} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}

/** 核销: the 6-digit code the customer shows when collecting a pickup order. */
export function WriteOffDialog({ open, order, storeCode, onClose, onDone }: OrderDialogProps) {
  const L = ORDER_LABELS.writeOff;
  return (
    <FormDialog<{ writeOffCode: string }>
      open={open}
      title={A.writeOff}
      doneText={A.done.writeOff}
      testId="write-off-dialog"
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        call(
          fulfilmentEndpoints.writeOff,
          {
            storeCode,
            performanceOrderNo: order.performanceOrderNo,
            writeOffCode: values.writeOffCode.trim(),
          },
          ACTION_CALL,
        )
      }
    >
      <Form.Item
        name="writeOffCode"
        label={F.writeOffCode}
        rules={[
          { required: true, whitespace: true, message: L.codeRequired },
          { pattern: WRITE_OFF_CODE_PATTERN, message: L.codeInvalid },
        ]}
      >
        <Input
          data-testid="write-off-code"
          inputMode="numeric"
          maxLength={6}
          placeholder={L.codePlaceholder}
          autoComplete="off"
        />
      </Form.Item>
    </FormDialog>
  );
}
