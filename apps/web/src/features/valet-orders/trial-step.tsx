import { FIRST_DELIVERY_MAX_DAYS } from '@console/contract';
import { Alert, Button, DatePicker, Descriptions, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatTime } from '../../lib/format/display';
import { VALET_LABELS } from './labels';
import { integralTrialRows, uenjoyTrialRows, type TrialRow } from './trial-display';
import { valetApi } from './valet-api';
import { useStepCall } from './use-step-call';
import { basketOf, currentLines, integralTrial, type DraftAction, type ValetDraft } from './valet-draft';
import styles from './valet-orders.module.css';

const L = VALET_LABELS.trial;
const EMPHASIS: Record<NonNullable<TrialRow['emphasis']>, string | undefined> = {
  amount: styles.amount,
  points: styles.points,
  error: styles.amount,
};

function TrialTable({ rows }: { rows: TrialRow[] }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-testid="trial-table"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: (
          <span
            className={row.emphasis ? EMPHASIS[row.emphasis] : undefined}
            data-testid={`trial-${row.key}`}
          >
            {row.value}
          </span>
        ),
      }))}
    />
  );
}

type Props = { storeCode: string; draft: ValetDraft; dispatch(action: DraftAction): void };

/** 试算: the points mall is priced here from the SKUs; uEnjoy asks the server (member discount, freight). */
export function TrialStep({ storeCode, draft, dispatch }: Props) {
  const { busy, error, run } = useStepCall();
  const member = draft.member;
  if (!member) return null;

  if (draft.kind === 'integral') {
    const trial = integralTrial(currentLines(draft), member.points);
    return (
      <div className={styles.step} data-testid="trial-step">
        {trial.pointsShort ? (
          <Alert
            type="error"
            showIcon
            data-testid="points-short"
            title={L.notEnough}
            description={L.notEnoughDetail(trial.points, trial.memberPoints)}
          />
        ) : null}
        <TrialTable rows={integralTrialRows(trial)} />
      </div>
    );
  }

  const runTrial = () =>
    run(async () => {
      dispatch({ type: 'trial', trial: await valetApi.trial({ storeCode, ...basketOf(draft, member) }) });
    });
  const today = dayjs().startOf('day');

  return (
    <div className={styles.step} data-testid="trial-step">
      <Form layout="inline" className={styles.inlineForm}>
        <Form.Item label={VALET_LABELS.items.firstDelivery}>
          <DatePicker
            data-testid="first-delivery"
            allowClear
            inputReadOnly
            placeholder={dayjs().add(1, 'day').format('YYYY-MM-DD')}
            value={draft.firstDeliveryDate ? dayjs(draft.firstDeliveryDate) : null}
            disabledDate={(day: Dayjs) =>
              !day.isAfter(today) || day.isAfter(today.add(FIRST_DELIVERY_MAX_DAYS, 'day'))
            }
            onChange={(day: Dayjs | null) =>
              dispatch({ type: 'firstDeliveryDate', date: day ? day.format('YYYY-MM-DD') : null })
            }
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={busy} onClick={() => void runTrial()} data-testid="trial-run">
            {draft.trial ? L.rerun : L.run}
          </Button>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="trial-error" /> : null}
      {draft.trial ? (
        <>
          <TrialTable rows={uenjoyTrialRows(draft.trial)} />
          <span className={styles.muted}>{L.validUntil(formatTime(draft.trial.validUntil))}</span>
        </>
      ) : (
        <Alert type="info" showIcon title={L.needTrial} />
      )}
    </div>
  );
}
