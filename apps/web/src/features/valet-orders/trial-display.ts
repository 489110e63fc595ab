import type { TrialResult } from '@console/contract';
import { formatYuan } from '../../lib/format/display';
import { VALET_LABELS } from './labels';
import type { IntegralTrial } from './valet-draft';

const L = VALET_LABELS.trial;

export type TrialRow = {
  key: string;
  label: string;
  value: string;
  emphasis?: 'amount' | 'points' | 'error';
};

/** A discount as a deduction (-¥3.40); no discount reads ¥0.00, not -¥0.00. */
function discountValue(cents: number): string {
  return cents > 0 ? `-${formatYuan(cents)}` : formatYuan(0);
}

/** The lines of the points-mall trial: goods, freight, discount, points, the member's points and what is left. */
export function integralTrialRows(trial: IntegralTrial): TrialRow[] {
  return [
    { key: 'goods', label: L.goods, value: formatYuan(trial.goodsCents) },
    { key: 'freight', label: L.freight, value: formatYuan(trial.freightCents) },
    { key: 'discount', label: L.discount, value: discountValue(trial.discountCents) },
    { key: 'pay', label: L.pay, value: formatYuan(trial.payCents), emphasis: 'amount' },
    { key: 'points', label: L.points, value: String(trial.points), emphasis: 'points' },
    { key: 'memberPoints', label: L.memberPoints, value: String(trial.memberPoints) },
    trial.pointsShort
      ? { key: 'remaining', label: L.remaining, value: L.notEnough, emphasis: 'error' }
      : { key: 'remaining', label: L.remaining, value: String(trial.remainingPoints) },
  ];
}

/** The lines of a uEnjoy trial answered by the server; the discount names its reason (会员等级2：98折). */
export function uenjoyTrialRows(trial: TrialResult): TrialRow[] {
  const discount = discountValue(trial.discountCents);
  return [
    { key: 'goods', label: L.goods, value: formatYuan(trial.goodsCents) },
    { key: 'freight', label: L.freight, value: formatYuan(trial.freightCents) },
    {
      key: 'discount',
      label: L.discount,
      value: trial.discountText ? `${discount}（${trial.discountText}）` : discount,
    },
    { key: 'pay', label: L.pay, value: formatYuan(trial.payCents), emphasis: 'amount' },
  ];
}
