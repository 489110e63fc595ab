import { FormDialog } from './form-dialog';
import { FormAlert, TextAreaField } from './form-fields';

type Props = {
  open?: boolean;
  title: string;
  doneText: string;
  /** The OK button, named after the action (e.g. 取消订单): it is the confirmation. */
  okText: string;
  testId: string;
  /** Test id of the reason's text area. */
  reasonTestId: string;
  /** The reason field's words, as a feature's labels name them. */
  labels: { reason: string; reasonRequired: string; reasonPlaceholder: string };
  /** The contract's cap on the reason. */
  reasonMax: number;
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
  labels,
  reasonMax,
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
      {warning ? <FormAlert type="warning" title={warning} /> : null}
      <TextAreaField
        name="reason"
        label={labels.reason}
        required={labels.reasonRequired}
        max={reasonMax}
        placeholder={labels.reasonPlaceholder}
        testId={reasonTestId}
      />
    </FormDialog>
  );
}
