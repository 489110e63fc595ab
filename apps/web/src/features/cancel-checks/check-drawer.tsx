import { cancelCheckEndpoints, type CancelCheckDetail } from '@console/contract';
import { Drawer } from 'antd';
import { DetailActionBar, DetailState, useDetailQuery } from '../../components/detail/detail-page';
import {
  InfoFields,
  contactField,
  moneyField,
  statusField,
  textField,
  timeField,
} from '../../components/detail/info-section';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
import { call } from '../../lib/http';
import { cancelCheckKeys, DECIDE_PERMISSION } from './cancel-check-keys';
import { CANCEL_CHECK_STATE_COLOR } from './cancel-check-state';
import type { Decision } from './decide-dialog';
import { CANCEL_CHECK_LABELS } from './labels';

const L = CANCEL_CHECK_LABELS;
const F = L.fields;
function CheckFields({ check }: { check: CancelCheckDetail }) {
  const decided = Boolean(check.decidedAt);
  return (
    <InfoFields
      column={1}
      fields={[
        textField(F.checkNo, check.checkNo),
        statusField(F.state, {
          text: check.stateText,
          color: CANCEL_CHECK_STATE_COLOR[check.state],
          testId: 'check-state',
        }),
        textField(F.reason, check.reason),
        textField(F.requestedBy, check.requestedByName),
        timeField(F.createdAt, check.createdAt),
        textField(F.performanceOrderNo, check.performanceOrderNo),
        textField(F.omsOrderNo, check.omsOrderNo),
        statusField(F.orderStatus, {
          text: check.orderStatusText,
          color: FULFILMENT_STATUS_COLOR[check.orderStatus],
        }),
        contactField(F.receiver, { name: check.receiverName, phone: check.receiverPhone }),
        textField(F.delivery, check.deliveryTypeText),
        textField(F.items, check.itemsSummary),
        moneyField(F.amount, check.payCents),
        timeField(F.takenAt, check.takenAt),
        decided && textField(F.decidedBy, check.decidedByName),
        decided && timeField(F.decidedAt, check.decidedAt),
        decided && textField(F.decisionRemark, check.decisionRemark),
      ]}
    />
  );
}

type Props = {
  storeCode: string;
  checkId: number | undefined;
  onClose(): void;
  onDecide(decision: Decision): void;
};

/** 核查详情: the check and its order; 通过 / 驳回 for those who may decide while it is pending. */
export function CheckDrawer({ storeCode, checkId, onClose, onDecide }: Props) {
  const detail = useDetailQuery({
    key: cancelCheckKeys.detail(storeCode),
    recordKey: checkId ?? null,
    // Silent: the drawer shows "not found" or the failure in place.
    load: (id, signal) =>
      call(cancelCheckEndpoints.detail, { storeCode, id }, { signal, flags: { silent: true } }),
  });
  const check = detail.data;

  return (
    <Drawer
      open={checkId !== undefined}
      title={L.detail.title}
      size="min(480px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      data-testid="check-drawer"
      extra={
        check ? (
          <DetailActionBar
            testId="check"
            actions={[
              {
                key: 'reject',
                label: L.decide.reject,
                allowed: check.canDecide,
                permission: DECIDE_PERMISSION,
                onClick: () => onDecide({ state: 'rejected', id: check.id }),
              },
              {
                key: 'approve',
                label: L.decide.approve,
                allowed: check.canDecide,
                permission: DECIDE_PERMISSION,
                primary: true,
                danger: true,
                onClick: () => onDecide({ state: 'approved', id: check.id }),
              },
            ]}
          />
        ) : null
      }
    >
      {checkId === undefined ? null : (
        <DetailState detail={detail}>{(data) => <CheckFields check={data} />}</DetailState>
      )}
    </Drawer>
  );
}
