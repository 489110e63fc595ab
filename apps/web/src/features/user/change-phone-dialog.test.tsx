import '../../test/dom';
import { authEndpoints } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { answerCalls, byEndpoint, spyNotify, stubMethods } from '../../test/fake-calls';
import { ChangePhoneDialog } from './change-phone-dialog';
import { profileApi } from './profile-api';

const notify = spyNotify();
const api = stubMethods(profileApi, { sendPhoneCode: vi.fn(), changePhone: vi.fn() });
// refreshSessionUser() reloads the session through authEndpoints.info once the phone changed; these tests look
// at nothing it does, so that call is left pending.
answerCalls(byEndpoint({ info: authEndpoints.info }, { info: () => new Promise(() => undefined) }));

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ChangePhoneDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ChangePhoneDialog', { timeout: 30_000 }, () => {
  it('asks for the new phone and the password before texting a code', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByTestId('change-phone-send'));
    expect(await screen.findByText('请输入当前登录密码')).toBeTruthy();
    expect(api.sendPhoneCode).not.toHaveBeenCalled();
  });

  it('shows a wrong password under the password field', async () => {
    const user = userEvent.setup();
    api.sendPhoneCode.mockRejectedValue(
      new ApiError('http', '原密码不正确', { status: 400, errorCode: 'OLD_PASSWORD_WRONG' }),
    );
    renderDialog();
    await user.type(screen.getByTestId('change-phone-phone'), '139 1234 5678');
    await user.type(screen.getByTestId('change-phone-password'), 'Wrong#1');
    await user.click(screen.getByTestId('change-phone-send'));
    expect(await screen.findByText('原密码不正确')).toBeTruthy();
    expect(api.sendPhoneCode).toHaveBeenCalledWith({ phone: '13912345678', password: 'Wrong#1' });
  });

  it('texts the code, counts down, then changes the phone with the code and closes', async () => {
    const user = userEvent.setup();
    api.sendPhoneCode.mockResolvedValue({ resendAfterSeconds: 60 });
    const profile = { id: 1, phone: '13912345678' };
    api.changePhone.mockResolvedValue({ profile, otherSessionsEnded: 2 });
    const { client, onClose } = renderDialog();
    await user.type(screen.getByTestId('change-phone-phone'), '13912345678');
    await user.type(screen.getByTestId('change-phone-password'), 'Right#pass1');
    await user.click(screen.getByTestId('change-phone-send'));
    await waitFor(() =>
      expect(screen.getByTestId('change-phone-send').textContent).toContain('秒后重新获取'),
    );
    expect(screen.getByTestId('change-phone-send').hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByTestId('change-phone-code'), '123456{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.changePhone).toHaveBeenCalledWith({ phone: '13912345678', code: '123456' });
    expect(client.getQueryData(['user', 'profile'])).toEqual(profile);
    expect(notify.success).toHaveBeenCalledWith('手机号已更换，其他设备上的登录已全部退出');
  });

  it('refuses a code that is not six digits in the contract’s words', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(screen.getByTestId('change-phone-phone'), '13912345678');
    await user.type(screen.getByTestId('change-phone-password'), 'Right#pass1');
    await user.type(screen.getByTestId('change-phone-code'), '12{Enter}');
    expect(await screen.findByText('请输入6位短信验证码')).toBeTruthy();
    expect(api.changePhone).not.toHaveBeenCalled();
  });
});
