import { DELIVERY_TYPE_TEXT, VALET_KIND_TEXT } from '@console/contract';
import { Alert, Button, Descriptions, Input, Result } from 'antd';
import { useState } from 'react';
import { addressText } from '../../components/detail/info-section';
import { useHasPermission } from '../../components/permission';
import { notify } from '../../lib/notify';
import { itemsSummary, formatYuan } from '../../lib/format/display';
import { VALET_LABELS } from './labels';
import { pointsPriceText } from './items-step';
import { PointsConsentDialog, type PointsOrder } from './points-consent-dialog';
import { valetApi } from './valet-api';
import { useStepCall } from './use-step-call';
import { basketOf, currentLines, integralTrial, type DraftAction, type ValetDraft } from './valet-draft';
import styles from './valet-orders.module.css';

const L = VALET_LABELS.confirm;

type Props = {
  storeCode: string;
  draft: ValetDraft;
  dispatch(action: DraftAction): void;
  /** Opens the valet order's detail (or the list) once the person is done here. */
  onOpenDetail(valetOrderNo: string): void;
  onOpenList(): void;
};

/** Submits the draft: the points-mall basket as it is, a uEnjoy order from its trial. */
async function createFrom(storeCode: string, draft: ValetDraft) {
  const remark = draft.remark.trim() ? { remark: draft.remark.trim() } : {};
  if (draft.kind === 'integral')
    return valetApi.createIntegral({
      storeCode,
      ...basketOf(draft, draft.member!),
      ...remark,
    });
  return valetApi.createUenjoy({
    storeCode,
    trialId: draft.trial!.trialId,
    ...(draft.firstDeliveryDate ? { firstDeliveryDate: draft.firstDeliveryDate } : {}),
    ...remark,
  });
}

/** 确认: the summary, 提交订单 (pending), then 确认订单 now or later from 代客订单. */
export function ConfirmStep({ storeCode, draft, dispatch, onOpenDetail, onOpenList }: Props) {
  const { busy, error, run } = useStepCall();
  const mayCreate = useHasPermission(['valetOrder:create']);
  const mayConfirm = useHasPermission(['valetOrder:confirm']);
  const member = draft.member!;
  const created = draft.created;
  const points = draft.kind === 'integral' ? integralTrial(currentLines(draft), member.points).points : 0;
  const [consenting, setConsenting] = useState<PointsOrder | null>(null);

  const submit = () =>
    run(async () => {
      dispatch({ type: 'created', result: await createFrom(storeCode, draft) });
      notify.success(L.submitted);
    });
  const confirm = () => {
    // Spending points needs the member's code (docs/domain/points.md).
    if (points > 0) {
      setConsenting({
        kind: draft.kind,
        valetOrderNo: created!.valetOrderNo,
        points,
        memberPhoneMasked: member.phoneMasked,
      });
      return;
    }
    void run(async () => {
      dispatch({
        type: 'created',
        result: await valetApi.confirm(draft.kind, storeCode, created!.valetOrderNo),
      });
      notify.success(L.confirmed);
    });
  };

  const errorAlert = error ? <Alert type="error" showIcon title={error} data-testid="confirm-error" /> : null;

  if (created) {
    const confirmed = created.status === 'confirmed';
    return (
      <div className={styles.step} data-testid="confirm-step">
        {errorAlert}
        <Result
          status={confirmed ? 'success' : 'info'}
          title={confirmed ? L.confirmedTitle(created.valetOrderNo) : L.pendingTitle(created.valetOrderNo)}
          subTitle={confirmed ? L.confirmed : L.pendingHint}
          data-testid="valet-created"
          extra={[
            !confirmed && mayConfirm ? (
              <Button
                key="confirm"
                type="primary"
                loading={busy}
                onClick={confirm}
                data-testid="valet-confirm"
              >
                {L.confirmOrder}
              </Button>
            ) : null,
            <Button
              key="detail"
              onClick={() => onOpenDetail(created.valetOrderNo)}
              data-testid="valet-open-detail"
            >
              {confirmed ? L.viewDetail : L.later}
            </Button>,
            <Button key="list" onClick={onOpenList}>
              {L.viewList}
            </Button>,
            <Button key="again" onClick={() => dispatch({ type: 'reset' })}>
              {L.again}
            </Button>,
          ]}
        />
        <PointsConsentDialog
          storeCode={storeCode}
          order={consenting}
          onClose={() => setConsenting(null)}
          onConfirmed={(result) => dispatch({ type: 'created', result })}
        />
      </div>
    );
  }

  const lines = currentLines(draft);
  const amounts =
    draft.kind === 'integral'
      ? (() => {
          const trial = integralTrial(lines, member.points);
          return `${trial.points} 积分${trial.payCents > 0 ? ` + ${formatYuan(trial.payCents)}` : ''}`;
        })()
      : formatYuan(draft.trial?.payCents);

  return (
    <div className={styles.step} data-testid="confirm-step">
      {errorAlert}
      <Descriptions
        bordered
        size="small"
        column={1}
        title={L.summary}
        items={[
          { label: '类型', children: VALET_KIND_TEXT[draft.kind] },
          { label: L.member, children: `${member.name} ${member.phoneMasked}（${member.memberNo}）` },
          { label: L.delivery, children: DELIVERY_TYPE_TEXT[draft.deliveryType] },
          ...(draft.deliveryType !== 'pickup' && draft.address
            ? [
                {
                  label: L.address,
                  children: addressText(draft.address),
                },
              ]
            : []),
          {
            label: L.items,
            children: (
              <span data-testid="confirm-items">
                {itemsSummary(lines.map((l) => ({ name: l.sku.name, quantity: l.quantity })))}
                {draft.kind === 'integral' ? (
                  <span className={styles.muted}>
                    {' '}
                    （{lines.map((l) => `${l.sku.name} ${pointsPriceText(l.sku)}`).join('；')}）
                  </span>
                ) : null}
              </span>
            ),
          },
          { label: VALET_LABELS.trial.pay, children: <span className={styles.amount}>{amounts}</span> },
        ]}
      />
      <Input.TextArea
        data-testid="valet-remark"
        rows={2}
        maxLength={255}
        showCount
        placeholder={L.remarkPlaceholder}
        value={draft.remark}
        onChange={(event) => dispatch({ type: 'remark', remark: event.target.value })}
      />
      <div>
        <Button
          type="primary"
          loading={busy}
          disabled={!mayCreate}
          onClick={() => void submit()}
          data-testid="valet-submit"
        >
          {L.submit}
        </Button>
      </div>
    </div>
  );
}
