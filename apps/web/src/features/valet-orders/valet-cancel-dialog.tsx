import type { ValetKind } from '@console/contract';
import { Form, Input } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { VALET_LABELS } from './labels';
import { valetApi } from './valet-api';

const A = VALET_LABELS.actions;

type Props = {
  storeCode: string;
  kind: ValetKind;
  valetOrderNo: string;
  onClose(): void;
  onDone(): void;
};

/** 取消订单 of a pending valet order: a reason is required. */
export function ValetCancelDialog({ storeCode, kind, valetOrderNo, onClose, onDone }: Props) {
  return (
    <FormDialog<{ reason: string }>
      open
      title={A.cancelTitle}
      doneText={A.cancelled}
      okText={A.cancel}
      danger
      testId="valet-cancel-dialog"
      onClose={onClose}
      onDone={onDone}
      submit={(values) => valetApi.cancel(kind, storeCode, valetOrderNo, values.reason.trim())}
    >
      <Form.Item
        name="reason"
        label={A.reason}
        rules={[{ required: true, whitespace: true, message: A.reasonRequired }]}
      >
        <Input.TextArea
          data-testid="valet-cancel-reason"
          rows={3}
          maxLength={200}
          showCount
          placeholder={A.reasonPlaceholder}
        />
      </Form.Item>
    </FormDialog>
  );
}
