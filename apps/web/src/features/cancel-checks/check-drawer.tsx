import { cancelCheckEndpoints, type CancelCheckDetail } from '@console/contract';
import {
  DetailActionBar,
  DetailDrawer,
  loadDetail,
  useDetailQuery,
} from '../../components/detail/detail-page';
import { InfoFields, infoField } from '../../components/detail/info-section';
import { FULFILMENT_STATUS_COLOR } from '../../components/fulfilment-status';
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
        infoField.text(F.checkNo, check.checkNo),
        infoField.status(F.state, check.stateText, CANCEL_CHECK_STATE_COLOR[check.state], 'check-state'),
        infoField.text(F.reason, check.reason),
        infoField.text(F.requestedBy, check.requestedByName),
        infoField.time(F.createdAt, check.createdAt),
        infoField.text(F.omsOrderNo, check.omsOrderNo),
        infoField.text(F.performanceOrderNo, check.performanceOrderNo),
        infoField.status(F.orderStatus, check.orderStatusText, FULFILMENT_STATUS_COLOR[check.orderStatus]),
        infoField.contact(F.receiver, check.receiverName, check.receiverPhone),
        infoField.text(F.delivery, check.deliveryTypeText),
        infoField.text(F.items, check.itemsSummary),
        infoField.money(F.amount, check.payCents),
        infoField.time(F.takenAt, check.takenAt),
        decided && infoField.text(F.decidedBy, check.decidedByName),
        decided && infoField.time(F.decidedAt, check.decidedAt),
        decided && infoField.text(F.decisionRemark, check.decisionRemark),
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
    load: loadDetail(cancelCheckEndpoints.detail, (id: number) => ({ storeCode, id })),
  });
  return (
    <DetailDrawer
      detail={detail}
      title={L.detail.title}
      width={480}
      testId="check-drawer"
      onClose={onClose}
      extra={(check) => (
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
      )}
    >
      {(check) => <CheckFields check={check} />}
    </DetailDrawer>
  );
}
