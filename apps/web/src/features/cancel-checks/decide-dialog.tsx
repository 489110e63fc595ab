import { CANCEL_CHECK_REMARK_MAX, cancelCheckEndpoints } from '@console/contract';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormAlert, TextAreaField } from '../../components/form-dialog/form-fields';
import { call } from '../../lib/http';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS.decide;
export type Decision = { state: 'approved' | 'rejected'; id: number };

type Props = {
  decision: Decision | null;
  storeCode: string;
  onClose(): void;
  onDone(): void;
};

/** 通过 / 驳回: the dialog is the confirmation, with the consequence spelled out; rejecting needs a remark. */
export function DecideDialog({ decision, storeCode, onClose, onDone }: Props) {
  const approving = decision?.state === 'approved';
  return (
    <FormDialog<{ remark?: string }>
      open={decision !== null}
      title={approving ? L.approveTitle : L.rejectTitle}
      doneText={approving ? L.approved : L.rejected}
      okText={approving ? L.approve : L.reject}
      danger={approving}
      testId="decide-dialog"
      schema={cancelCheckEndpoints.setState.request}
      context={{ storeCode, ...decision }}
      onClose={onClose}
      onDone={onDone}
      // Silent: the dialog shows the server's refusal.
      submit={(values) =>
        call(
          cancelCheckEndpoints.setState,
          {
            storeCode,
            id: decision?.id ?? 0,
            state: decision?.state ?? 'rejected',
            remark: values.remark ?? '',
          },
          { flags: { silent: true } },
        )
      }
    >
      <FormAlert type="warning" title={approving ? L.approveContent : L.rejectContent} />
      <TextAreaField
        name="remark"
        label={L.remark}
        initialValue=""
        max={CANCEL_CHECK_REMARK_MAX}
        placeholder={L.remarkPlaceholder}
        testId="decide-remark"
      />
    </FormDialog>
  );
}
