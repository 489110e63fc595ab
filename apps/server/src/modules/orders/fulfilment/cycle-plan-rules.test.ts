import { describe, expect, it } from 'vitest';
import { checkCyclePlanChanges, type CyclePeriod } from './cycle-plan-rules.js';

const plan: CyclePeriod[] = [
  { period: 1, plannedDate: '2026-03-01', status: 'shipped' },
  { period: 2, plannedDate: '2026-03-08', status: 'pending' },
  { period: 3, plannedDate: '2026-03-15', status: 'pending' },
];
const today = '2026-03-05';

describe('checkCyclePlanChanges', () => {
  it('accepts later dates of pending periods and drops the unchanged ones', () => {
    expect(
      checkCyclePlanChanges(
        plan,
        [
          { period: 2, plannedDate: '2026-03-10' },
          { period: 3, plannedDate: '2026-03-15' },
        ],
        today,
      ),
    ).toEqual({ changes: [{ period: 2, plannedDate: '2026-03-10' }] });
  });

  it('accepts today', () => {
    expect(checkCyclePlanChanges(plan, [{ period: 2, plannedDate: today }], today)).toEqual({
      changes: [{ period: 2, plannedDate: today }],
    });
  });

  it.each([
    [
      'a repeated period',
      [
        { period: 2, plannedDate: '2026-03-09' },
        { period: 2, plannedDate: '2026-03-10' },
      ],
      '第2期重复填写',
    ],
    ['an unknown period', [{ period: 9, plannedDate: '2026-04-01' }], '第9期不存在'],
    ['a shipped period', [{ period: 1, plannedDate: '2026-03-06' }], '第1期已配送，不能修改'],
    ['a date before today', [{ period: 2, plannedDate: '2026-03-04' }], '第2期的配送日期不能早于今天'],
    [
      'a date after the next period',
      [{ period: 2, plannedDate: '2026-03-20' }],
      '第3期的配送日期必须晚于上一期',
    ],
    ['two periods on one day', [{ period: 3, plannedDate: '2026-03-08' }], '第3期的配送日期必须晚于上一期'],
  ])('refuses %s', (_, changes, refusal) => {
    expect(checkCyclePlanChanges(plan, changes, today)).toEqual({ refusal });
  });
});
