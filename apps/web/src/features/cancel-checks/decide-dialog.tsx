import { CANCEL_CHECK_REMARK_MAX } from '@console/contract';
import { Alert, Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { cancelChecksApi } from './cancel-checks-api';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS.decide;
export type Decision = 'approved' | 'rejected';

type Props = {
  decision: Decision | null;
  storeCode: string;
  checkId: number;
  onClose(): void;
  onDone(): void;
};

/** 通过 / 驳回: the dialog is the confirmation, with the consequence spelled out; rejecting needs a remark. */
export function DecideDialog({ decision, storeCode, checkId, onClose, onDone }: Props) {
  const approving = decision === 'approved';
  return (
    <FormDialog<{ remark: string }>
      open={decision !== null}
      title={approving ? L.approveTitle : L.rejectTitle}
      doneText={approving ? L.approved : L.rejected}
      okText={approving ? L.approve : L.reject}
      danger={approving}
      testId="decide-dialog"
      onClose={onClose}
      onDone={onDone}
      submit={(values) =>
        cancelChecksApi.setState({
          storeCode,
          id: checkId,
          state: decision ?? 'rejected',
          remark: (values.remark ?? '').trim(),
        })
      }
    >
      <Alert
        type="warning"
        showIcon
        title={approving ? L.approveContent : L.rejectContent}
        style={{ marginBottom: 16 }}
      />
      <Form.Item
        name="remark"
        label={L.remark}
        rules={approving ? [] : [{ required: true, whitespace: true, message: L.rejectRemarkRequired }]}
      >
        <Input.TextArea
          data-testid="decide-remark"
          rows={3}
          maxLength={CANCEL_CHECK_REMARK_MAX}
          showCount
          placeholder={L.remarkPlaceholder}
        />
      </Form.Item>
    </FormDialog>
  );
}
