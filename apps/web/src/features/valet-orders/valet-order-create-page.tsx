import { Alert, Button, Card, Steps } from 'antd';
import { useSearchParams } from 'react-router';
import { useReducer, useState } from 'react';
import { FormAlert } from '../../components/form-dialog/form-fields';
import { useStoreCode } from '../../stores/use-store-code';
import { useShopStore } from '../../stores/shop-store';
import { AddressStep } from './address-step';
import { ConfirmStep } from './confirm-step';
import { ItemsStep } from './items-step';
import { VALET_LABELS } from './labels';
import { MemberStep } from './member-step';
import { TrialStep } from './trial-step';
import { useLeaveGuard } from './use-leave-guard';
import { useValetLinks } from './valet-links';
import {
  blockingStep,
  draftReducer,
  emptyDraft,
  isDirty,
  stepError,
  STEPS,
  type StepIndex,
} from './valet-draft';
import styles from './valet-orders.module.css';

const S = VALET_LABELS.steps;

/**
 * 代客下单: a guided flow, member → delivery and address → items → trial → confirm. The draft lives here, so
 * going back keeps everything; a step can be opened only when the steps before it are complete.
 */
export function ValetOrderCreatePage() {
  const storeCode = useStoreCode();
  const [params] = useSearchParams();
  const storeName = useShopStore((state) => state.shopInfo?.frontTitle ?? '');
  const [draft, dispatch] = useReducer(draftReducer, undefined, emptyDraft);
  const [step, setStep] = useState<StepIndex>(0);
  const [shownError, setShownError] = useState<string | null>(null);
  const links = useValetLinks();
  useLeaveGuard(isDirty(draft));

  if (!storeCode) return <Alert type="info" showIcon title={VALET_LABELS.common.noStore} />;

  const goTo = (target: StepIndex) => {
    if (target > step) {
      const blocked = blockingStep(draft, target);
      if (blocked !== null) {
        setShownError(stepError(draft, blocked));
        setStep(blocked);
        return;
      }
    }
    setShownError(null);
    setStep(target);
  };
  const done = draft.created !== null;

  return (
    <Card title={VALET_LABELS.titles.create} data-testid="valet-create-page">
      <Steps
        current={step}
        size="small"
        responsive
        data-testid="valet-steps"
        onChange={done ? undefined : (target) => goTo(target as StepIndex)}
        items={STEPS.map((key) => ({ title: S[key] }))}
        style={{ marginBottom: 24 }}
      />
      {shownError ? <FormAlert type="warning" title={shownError} testId="step-error" /> : null}
      {step === 0 ? (
        <MemberStep
          storeCode={storeCode}
          initialKeywords={params.get('memberNo') ?? ''}
          selected={draft.member}
          onSelect={(member) => {
            dispatch({ type: 'member', member });
            setShownError(null);
          }}
        />
      ) : null}
      {step === 1 && draft.member ? (
        <AddressStep
          storeCode={storeCode}
          storeName={storeName}
          memberId={draft.member.memberId}
          deliveryType={draft.deliveryType}
          address={draft.address}
          onDeliveryType={(deliveryType) => dispatch({ type: 'delivery', deliveryType })}
          onAddress={(address) => dispatch({ type: 'address', address })}
        />
      ) : null}
      {step === 2 ? (
        <ItemsStep
          storeCode={storeCode}
          draft={draft}
          onKind={(kind) => dispatch({ type: 'kind', kind })}
          onQuantity={(kind, sku, quantity) => dispatch({ type: 'quantity', kind, sku, quantity })}
        />
      ) : null}
      {step === 3 ? <TrialStep storeCode={storeCode} draft={draft} dispatch={dispatch} /> : null}
      {step === 4 ? (
        <ConfirmStep
          storeCode={storeCode}
          draft={draft}
          dispatch={(action) => {
            dispatch(action);
            if (action.type === 'reset') setStep(0);
          }}
          onOpenDetail={(valetOrderNo) => links.open('valetOrderManagerDetail', { id: valetOrderNo })}
          onOpenList={() => links.open('ValetOrders', { kind: draft.kind })}
        />
      ) : null}
      {done ? null : (
        <div className={styles.footer}>
          <Button disabled={step === 0} onClick={() => goTo((step - 1) as StepIndex)} data-testid="step-prev">
            {S.prev}
          </Button>
          {step < 4 ? (
            <Button type="primary" onClick={() => goTo((step + 1) as StepIndex)} data-testid="step-next">
              {S.next}
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
