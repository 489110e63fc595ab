import type { ValetKind } from '@console/contract';
import { ReasonDialog } from '../../components/form-dialog/reason-dialog';
import { VALET_LABELS } from './labels';
import { valetApi } from './valet-api';

const A = VALET_LABELS.actions;
/** The contract's cap on a cancel reason (valetCancelBodySchema). */
const REASON_MAX = 200;

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
    <ReasonDialog
      title={A.cancelTitle}
      doneText={A.cancelled}
      okText={A.cancel}
      testId="valet-cancel-dialog"
      reasonTestId="valet-cancel-reason"
      labels={A}
      reasonMax={REASON_MAX}
      onClose={onClose}
      onDone={onDone}
      submit={(reason) => valetApi.cancel(kind, storeCode, valetOrderNo, reason)}
    />
  );
}
