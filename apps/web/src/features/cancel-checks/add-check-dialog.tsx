import { CANCEL_CHECK_REASON_MAX, cancelCheckEndpoints } from '@console/contract';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { TextAreaField, TextField } from '../../components/form-dialog/form-fields';
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
      <TextField
        name="performanceOrderNo"
        label={F.performanceOrderNo}
        required={L.orderNoRequired}
        max={40}
        placeholder={L.orderNoPlaceholder}
        testId="add-check-order"
      />
      <TextAreaField
        name="reason"
        label={F.reason}
        required={L.reasonRequired}
        max={CANCEL_CHECK_REASON_MAX}
        placeholder={L.reasonPlaceholder}
        testId="add-check-reason"
      />
    </FormDialog>
  );
}
