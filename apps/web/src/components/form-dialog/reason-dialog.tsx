import { Alert, Form, Input } from 'antd';
import { FormDialog } from './form-dialog';

type Props = {
  open?: boolean;
  title: string;
  doneText: string;
  /** The OK button, named after the action (e.g. 取消订单): it is the confirmation. */
  okText: string;
  testId: string;
  /** Test id of the reason's text area. */
  reasonTestId: string;
  reason: { label: string; required: string; placeholder: string; max: number };
  /** The consequence, spelled out above the reason. */
  warning?: string;
  /** Runs the action with the trimmed reason; a rejection keeps the dialog open with the server's message. */
  submit(reason: string): Promise<unknown>;
  onClose(): void;
  onDone(): void;
};

/** A destructive action that needs a reason (取消订单 and the like): red OK button, the reason required. */
export function ReasonDialog({
  open = true,
  title,
  doneText,
  okText,
  testId,
  reasonTestId,
  reason,
  warning,
  submit,
  onClose,
  onDone,
}: Props) {
  return (
    <FormDialog<{ reason: string }>
      open={open}
      title={title}
      doneText={doneText}
      okText={okText}
      danger
      testId={testId}
      onClose={onClose}
      onDone={onDone}
      submit={(values) => submit(values.reason.trim())}
    >
      {warning ? <Alert type="warning" showIcon title={warning} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="reason"
        label={reason.label}
        rules={[{ required: true, whitespace: true, message: reason.required }]}
      >
        <Input.TextArea
          data-testid={reasonTestId}
          rows={3}
          maxLength={reason.max}
          showCount
          placeholder={reason.placeholder}
        />
      </Form.Item>
    </FormDialog>
  );
}
