import type { TrialResult } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { integralTrialRows, uenjoyTrialRows } from './trial-display';
import { integralTrial } from './valet-draft';
import { BAG, MOULD } from './test-fixtures';

const values = (rows: { key: string; value: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.key, r.value]));

describe('trial display', () => {
  it('shows the points mall trial with the member points and what remains', () => {
    const rows = integralTrialRows(integralTrial([{ sku: MOULD, quantity: 2 }], 5000));
    expect(values(rows)).toEqual({
      goods: '¥19.80',
      freight: '¥0.00',
      discount: '¥0.00',
      pay: '¥19.80',
      points: '3000',
      memberPoints: '5000',
      remaining: '2000',
    });
  });

  it('says 会员积分不足 when the member cannot afford it', () => {
    const rows = integralTrialRows(integralTrial([{ sku: BAG, quantity: 2 }], 1000));
    expect(rows.find((r) => r.key === 'remaining')).toMatchObject({
      value: '会员积分不足',
      emphasis: 'error',
    });
  });

  it('shows a uEnjoy trial with the reason of its discount', () => {
    const trial = {
      goodsCents: 13_600,
      freightCents: 1200,
      discountCents: 272,
      payCents: 14_528,
      discountText: '会员等级2：98折',
    } as TrialResult;
    expect(values(uenjoyTrialRows(trial))).toEqual({
      goods: '¥136.00',
      freight: '¥12.00',
      discount: '-¥2.72（会员等级2：98折）',
      pay: '¥145.28',
    });
  });

  it('shows no discount as ¥0.00, never -¥0.00', () => {
    const trial = { goodsCents: 6800, freightCents: 1200, discountCents: 0, payCents: 8000 } as TrialResult;
    expect(values(uenjoyTrialRows(trial)).discount).toBe('¥0.00');
  });
});
