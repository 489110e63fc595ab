import { CANCEL_CHECK_REASON_MAX, cancelCheckEndpoints } from '@console/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { call } from '../../lib/http';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS.add;
const F = CANCEL_CHECK_LABELS.fields;
type Values = { performanceOrderNo: string; reason: string };

type Props = {
  open: boolean;
  storeCode: string;
  onClose(): void;
  onAdded(id: number): void;
};

/** 新增核查: ask head office to check the cancellation of one of the store's orders. */
export function AddCheckDialog({ open, storeCode, onClose, onAdded }: Props) {
  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      doneText={L.done}
      okText={L.submit}
      testId="add-check-dialog"
      onClose={onClose}
      onDone={() => undefined}
      schema={cancelCheckEndpoints.add.request}
      context={{ storeCode }}
      // Silent: the dialog shows the server's refusal.
      submit={async (values) => {
        const check = await call(
          cancelCheckEndpoints.add,
          { storeCode, performanceOrderNo: values.performanceOrderNo.trim(), reason: values.reason.trim() },
          { flags: { silent: true } },
        );
        onAdded(check.id);
      }}
    >
      <Form.Item
        name="performanceOrderNo"
        label={F.performanceOrderNo}
        rules={[{ required: true, whitespace: true, message: L.orderNoRequired }]}
      >
        <Input data-testid="add-check-order" maxLength={40} placeholder={L.orderNoPlaceholder} />
      </Form.Item>
      <Form.Item
        name="reason"
        label={F.reason}
        rules={[{ required: true, whitespace: true, message: L.reasonRequired }]}
      >
        <Input.TextArea
          data-testid="add-check-reason"
          rows={3}
          maxLength={CANCEL_CHECK_REASON_MAX}
          showCount
          placeholder={L.reasonPlaceholder}
        />
      </Form.Item>
    </FormDialog>
  );
}
