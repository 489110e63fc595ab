import '../../test/dom';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { address, BAG, member } from './test-fixtures';
import { draftReducer, emptyDraft, type ValetDraft } from './valet-draft';
import { ConfirmStep } from './confirm-step';
import { spyNotify, stubMethods } from '../../test/fake-calls';
import { valetApi } from './valet-api';

const api = stubMethods(valetApi, {
  createIntegral: vi.fn(),
  createUenjoy: vi.fn(),
  confirm: vi.fn(),
  sendRedeemCode: vi.fn(),
});
const notify = spyNotify();

const ready = (): ValetDraft => {
  let draft = draftReducer(emptyDraft(), { type: 'member', member: member() });
  draft = draftReducer(draft, { type: 'delivery', deliveryType: 'express' });
  draft = draftReducer(draft, { type: 'address', address: address() });
  return draftReducer(draft, { type: 'quantity', kind: 'integral', sku: BAG, quantity: 1 });
};

function Harness({ start, onOpenDetail }: { start: ValetDraft; onOpenDetail(no: string): void }) {
  const [draft, dispatch] = useReducer(draftReducer, start);
  return (
    <ConfirmStep
      storeCode="S0001"
      draft={draft}
      dispatch={dispatch}
      onOpenDetail={onOpenDetail}
      onOpenList={vi.fn()}
    />
  );
}

const pending = {
  valetOrderNo: 'VO20261121100000123456',
  status: 'pending_confirm',
  omsOrderNo: '',
  performancePlanOrderNo: null,
  candidateStoreCodes: [],
};

beforeEach(() => useSessionStore.setState({ roles: ['valetOrder:create', 'valetOrder:confirm'] }));
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ConfirmStep', { timeout: 30_000 }, () => {
  it('submits the points-mall order, then confirms it with the member’s code', async () => {
    api.sendRedeemCode.mockResolvedValue({ phoneMasked: '137****0021', resendAfterSeconds: 60 });
    api.createIntegral.mockResolvedValue(pending);
    api.confirm.mockResolvedValue({
      ...pending,
      status: 'confirmed',
      omsOrderNo: 'OMS1',
      performancePlanOrderNo: 'PP1',
    });
    const onOpenDetail = vi.fn();
    render(<Harness start={ready()} onOpenDetail={onOpenDetail} />);
    expect(screen.getByTestId('confirm-items').textContent).toContain('品牌帆布袋×1');
    await userEvent.type(screen.getByTestId('valet-remark'), ' 周末来取 ');
    await userEvent.click(screen.getByTestId('valet-submit'));
    expect(await screen.findByText(`代客订单 ${pending.valetOrderNo} 已提交，待确认`)).toBeTruthy();
    expect(api.createIntegral).toHaveBeenCalledWith({
      storeCode: 'S0001',
      memberId: 'c0ffee00member0000000000000000007',
      deliveryType: 'express',
      addressId: 31,
      items: [{ skuCode: 'I2001', quantity: 1 }],
      remark: '周末来取',
    });
    await userEvent.click(screen.getByTestId('valet-confirm'));
    expect((await screen.findByTestId('points-consent-hint')).textContent).toContain('800 积分');
    await userEvent.click(screen.getByTestId('points-consent-send'));
    expect(api.sendRedeemCode).toHaveBeenCalledWith('S0001', pending.valetOrderNo);
    await userEvent.type(screen.getByTestId('points-consent-code'), '123456{Enter}');
    expect(await screen.findByText(`代客订单 ${pending.valetOrderNo} 已确认`)).toBeTruthy();
    expect(api.confirm).toHaveBeenCalledWith('integral', 'S0001', pending.valetOrderNo, '123456');
    expect(notify.success).toHaveBeenCalledTimes(3);
    await userEvent.click(screen.getByTestId('valet-open-detail'));
    expect(onOpenDetail).toHaveBeenCalledWith(pending.valetOrderNo);
  });

  it('shows the server refusal in place and keeps the draft', async () => {
    api.createIntegral.mockRejectedValue(new ApiError('business', '会员积分不足', { status: 422 }));
    render(<Harness start={ready()} onOpenDetail={vi.fn()} />);
    await userEvent.click(screen.getByTestId('valet-submit'));
    expect((await screen.findByTestId('confirm-error')).textContent).toContain('会员积分不足');
    expect(screen.getByTestId('valet-submit')).toBeTruthy();
  });

  it('leaves out the address of a pickup order', async () => {
    api.createIntegral.mockResolvedValue(pending);
    const start = draftReducer(ready(), { type: 'delivery', deliveryType: 'pickup' });
    render(<Harness start={start} onOpenDetail={vi.fn()} />);
    await userEvent.click(screen.getByTestId('valet-submit'));
    await screen.findByTestId('valet-created');
    expect(api.createIntegral.mock.lastCall?.[0]).not.toHaveProperty('addressId');
  });

  it('cannot submit without the create permission', () => {
    useSessionStore.setState({ roles: ['valetOrder:confirm'] });
    render(<Harness start={ready()} onOpenDetail={vi.fn()} />);
    expect(screen.getByTestId('valet-submit')).toHaveProperty('disabled', true);
  });
});
