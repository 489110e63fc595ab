import '../../test/dom';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { PointsConsentDialog } from './points-consent-dialog';
import { spyNotify, stubMethods } from '../../test/fake-calls';
import { valetApi } from './valet-api';

const api = stubMethods(valetApi, { confirm: vi.fn(), sendRedeemCode: vi.fn() });
const notify = spyNotify();

const order = {
  kind: 'integral' as const,
  valetOrderNo: 'VO20261121100000123456',
  points: 2600,
  memberPhoneMasked: '137****0021',
};
const confirmed = {
  valetOrderNo: order.valetOrderNo,
  status: 'confirmed',
  omsOrderNo: 'OMS1',
  performancePlanOrderNo: 'PP1',
  candidateStoreCodes: ['S0001'],
};

function renderDialog() {
  const onConfirmed = vi.fn();
  const onClose = vi.fn();
  render(<PointsConsentDialog storeCode="S0001" order={order} onClose={onClose} onConfirmed={onConfirmed} />);
  return { onConfirmed, onClose };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('PointsConsentDialog', { timeout: 30_000 }, () => {
  it('names the points and the member’s masked phone; sends the code and counts down', async () => {
    api.sendRedeemCode.mockResolvedValue({ phoneMasked: '137****0021', resendAfterSeconds: 60 });
    renderDialog();
    expect(screen.getByTestId('points-consent-hint').textContent).toContain('2600 积分');
    expect(screen.getByTestId('points-consent-hint').textContent).toContain('137****0021');
    await userEvent.click(screen.getByTestId('points-consent-send'));
    expect(api.sendRedeemCode).toHaveBeenCalledWith('S0001', order.valetOrderNo);
    await waitFor(() => expect(screen.getByTestId('points-consent-send').textContent).toMatch(/\d+秒后重发/));
    expect(screen.getByTestId('points-consent-send')).toHaveProperty('disabled', true);
    expect(notify.success).toHaveBeenCalledWith('验证码已发送至会员手机 137****0021');
  });

  it('asks for the code, and for six digits, before calling the server', async () => {
    renderDialog();
    await userEvent.click(screen.getByTestId('points-consent-ok'));
    expect(await screen.findByText('请填写会员收到的积分兑换验证码')).toBeTruthy();
    await userEvent.type(screen.getByTestId('points-consent-code'), '12{Enter}');
    expect(await screen.findByText('积分兑换验证码为6位数字')).toBeTruthy();
    expect(api.confirm).not.toHaveBeenCalled();
  });

  it('shows a wrong code under the field, a daily cap above it, and confirms with the right code', async () => {
    api.confirm
      .mockRejectedValueOnce(
        new ApiError('business', '短信验证码错误或已过期', { status: 400, errorCode: 'SMS_CODE_INVALID' }),
      )
      .mockRejectedValueOnce(
        new ApiError('business', '会员每日最多兑换20000积分，今日还可兑换1800积分', {
          status: 422,
          errorCode: 'POINTS_MEMBER_DAILY_CAP',
        }),
      )
      .mockResolvedValueOnce(confirmed);
    const { onConfirmed, onClose } = renderDialog();
    await userEvent.type(screen.getByTestId('points-consent-code'), '000000{Enter}');
    expect(await screen.findByText('短信验证码错误或已过期')).toBeTruthy();
    expect(screen.queryByTestId('points-consent-error')).toBeNull();
    await userEvent.click(screen.getByTestId('points-consent-ok'));
    expect((await screen.findByTestId('points-consent-error')).textContent).toContain('今日还可兑换1800积分');
    await userEvent.click(screen.getByTestId('points-consent-ok'));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(confirmed));
    expect(onClose).toHaveBeenCalled();
    expect(api.confirm).toHaveBeenLastCalledWith('integral', 'S0001', order.valetOrderNo, '000000');
    expect(notify.success).toHaveBeenCalledWith('订单已确认，会员积分已扣减');
  });
});
