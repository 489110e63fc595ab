import '../../test/dom';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CyclePlanDialog } from './cycle-plan-dialog';
import { CyclePlanSection } from './order-detail-sections';
import { orderDetail } from './test-fixtures';
import { answerCalls } from '../../test/fake-calls';

answerCalls(() => undefined);

afterEach(cleanup);

const PLANS = [
  {
    period: 1,
    plannedDate: '2026-11-22',
    status: 'delivered',
    statusText: '已配送',
    trackingNo: 'SF1234567890',
  },
  { period: 2, plannedDate: '2099-11-29', status: 'pending', statusText: '待配送', trackingNo: '' },
];

describe('cycle plans', () => {
  it('names each period 第N期 in the detail, in a table that scrolls sideways on a phone', () => {
    const { container } = render(<CyclePlanSection order={orderDetail({ cyclePlans: PLANS })} />);
    const rows = container.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('第1期')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('第2期')).toBeTruthy();
    expect(container.querySelector('.ant-table-content')?.getAttribute('style')).toContain(
      'overflow-x: auto',
    );
  });

  it('labels the dates of the pending periods 第N期 in the modify dialog', async () => {
    render(
      <CyclePlanDialog
        open
        order={orderDetail({ cyclePlans: PLANS })}
        storeCode="S0001"
        onClose={() => undefined}
        onDone={() => undefined}
      />,
    );
    expect(await screen.findByText('第2期')).toBeTruthy();
    // Delivered periods cannot move, so they are not offered.
    expect(screen.queryByText('第1期')).toBeNull();
  });
});
