import '../../test/dom';
import type { LoginResult } from '@console/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';
import { runtimeConfig } from '../../lib/env';
import { spyNotify, stubMethods } from '../../test/fake-calls';
import { authApi } from './auth-api';
import { LoginPage } from './login-page';

const api = stubMethods(authApi, {
  captcha: vi.fn(),
  passwordLogin: vi.fn(),
  sendLoginCode: vi.fn(),
  codeLogin: vi.fn(),
  sendResetCode: vi.fn(),
  verifyResetCode: vi.fn(),
  resetPassword: vi.fn(),
  passwordStatus: vi.fn(),
  changePassword: vi.fn(),
});
// antd's static toasts keep timers running past the test environment's teardown.
const notify = spyNotify();
// Tests turn the server's demo mode on in the runtime config that the page reads; the next file gets it back.
const demoModeAtStart = runtimeConfig.demoMode;
afterAll(() => {
  runtimeConfig.demoMode = demoModeAtStart;
});

const result: LoginResult = {
  token: 'tok-9',
  user: {
    id: 9,
    username: 'zhangsan',
    nickName: '张三',
    workCode: 'W9',
    phone: '13800000009',
    avatarPath: '',
  },
  roles: ['store:view'],
};

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

function renderLogin(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<Landing />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  localStorage.clear();
  useSessionStore.getState().clearLocal();
  api.passwordStatus.mockResolvedValue({ mustChange: false, reason: null });
  let n = 0;
  api.captcha.mockImplementation(() => {
    n += 1;
    return Promise.resolve({ img: 'data:image/svg+xml;base64,PHN2Zy8+', uuid: `uuid-${n}` });
  });
});

afterEach(() => {
  runtimeConfig.demoMode = false;
  cleanup();
  vi.clearAllMocks();
});

describe('demo banner', () => {
  it('tells everyone on the login page that this is a demo server', () => {
    runtimeConfig.demoMode = true;
    renderLogin('/login');
    expect(screen.getByTestId('demo-banner').textContent).toContain('演示环境');
  });

  it('is absent outside demo mode', () => {
    renderLogin('/login');
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });
});

async function fillPasswordForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('login-username'), ' zhangsan ');
  await user.type(screen.getByTestId('login-password'), 'Secret@123');
  await user.type(screen.getByTestId('login-captcha-input'), 'ab12');
}

describe('password sign-in', () => {
  it('shows a failure inline, refreshes the captcha, then signs in and goes to the redirect', async () => {
    const user = userEvent.setup();
    api.passwordLogin
      .mockRejectedValueOnce(new ApiError('http', '验证码不正确', { status: 400 }))
      .mockResolvedValueOnce(result);
    renderLogin('/login?redirect=%2Forder%2Flist%3Fpage%3D2');

    await screen.findByTestId('login-captcha-img');
    await fillPasswordForm(user);
    await user.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('login-error')).textContent).toContain('验证码不正确');
    expect(api.passwordLogin.mock.calls[0]?.[0]).toEqual({
      username: 'zhangsan',
      password: 'Secret@123',
      code: 'ab12',
      uuid: 'uuid-1',
    });
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-img').getAttribute('data-uuid')).toBe('uuid-2'),
    );
    expect((screen.getByTestId('login-captcha-input') as HTMLInputElement).value).toBe('');

    await user.type(screen.getByTestId('login-captcha-input'), 'cd34{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/order/list?page=2');
    expect(api.passwordLogin.mock.lastCall?.[0]).toMatchObject({ code: 'cd34', uuid: 'uuid-2' });
    expect(useSessionStore.getState().token).toBe('tok-9');
  });

  it('switches to the harder captcha when the server asks for it', async () => {
    const user = userEvent.setup();
    api.passwordLogin.mockRejectedValueOnce(
      new ApiError('http', '该账号近期登录失败较多，请输入新的6位验证码', {
        status: 400,
        errorCode: 'CAPTCHA_HARDER',
      }),
    );
    renderLogin('/login');
    await screen.findByTestId('login-captcha-img');
    expect(api.captcha).toHaveBeenLastCalledWith('normal');
    await fillPasswordForm(user);
    await user.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('login-error')).textContent).toContain('6位验证码');
    await waitFor(() => expect(api.captcha).toHaveBeenLastCalledWith('hard'));
    await waitFor(() =>
      expect(screen.getByTestId('login-captcha-img').getAttribute('data-uuid')).toBe('uuid-2'),
    );
  });

  it('asks for a new password before the console when the password is a one-time one', async () => {
    const user = userEvent.setup();
    api.passwordLogin.mockResolvedValue(result);
    api.passwordStatus.mockResolvedValue({ mustChange: true, reason: 'initial' });
    api.changePassword.mockResolvedValue({ otherSessionsEnded: 0 });
    renderLogin('/login');
    await screen.findByTestId('login-captcha-img');
    await fillPasswordForm(user);
    await user.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('must-change-password')).textContent).toContain('一次性密码');
    expect(api.passwordStatus).toHaveBeenCalledWith('tok-9');
    expect(useSessionStore.getState().token).toBeFalsy();
    await user.type(screen.getByTestId('must-change-new'), 'Secret@123');
    await user.type(screen.getByTestId('must-change-confirm'), 'Secret@123{Enter}');
    expect((await screen.findByTestId('must-change-error')).textContent).toContain('不能与原密码相同');

    await user.clear(screen.getByTestId('must-change-new'));
    await user.clear(screen.getByTestId('must-change-confirm'));
    await user.type(screen.getByTestId('must-change-new'), 'Better#2026');
    await user.type(screen.getByTestId('must-change-confirm'), 'Better#2026{Enter}');
    await screen.findByTestId('landed');
    expect(api.changePassword).toHaveBeenCalledWith('tok-9', {
      oldPassword: 'Secret@123',
      newPassword: 'Better#2026',
      confirmPassword: 'Better#2026',
    });
    expect(useSessionStore.getState().token).toBe('tok-9');
  });

  it('keeps only the account name when 记住密码 is ticked', async () => {
    const user = userEvent.setup();
    api.passwordLogin.mockResolvedValue(result);
    renderLogin('/login');
    await screen.findByTestId('login-captcha-img');
    await fillPasswordForm(user);
    await user.click(screen.getByTestId('login-remember'));
    await user.click(screen.getByTestId('login-submit'));

    await screen.findByTestId('landed');
    expect(Cookies.get('username')).toBe('zhangsan');
    expect(document.cookie).not.toContain('Secret');
    expect(JSON.stringify(localStorage)).not.toContain('Secret');
  });

  it('refuses to leave the site after sign-in', async () => {
    const user = userEvent.setup();
    api.passwordLogin.mockResolvedValue(result);
    renderLogin('/login?redirect=%2F%2Fevil.example.com');
    await screen.findByTestId('login-captcha-img');
    await fillPasswordForm(user);
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });

  it('validates empty fields without calling the server', async () => {
    const user = userEvent.setup();
    renderLogin('/login');
    await screen.findByTestId('login-captcha-img');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(api.passwordLogin).not.toHaveBeenCalled();
  });

  it('prefills a remembered account', async () => {
    Cookies.set('username', 'lisi');
    renderLogin('/login');
    await screen.findByTestId('login-captcha-img');
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('lisi');
  });
});

describe('code sign-in', () => {
  it('checks the phone, sends the code and counts down', async () => {
    const user = userEvent.setup();
    api.sendLoginCode.mockResolvedValue({ resendAfterSeconds: 60 });
    renderLogin('/login');
    await user.click(screen.getByTestId('tab-code'));

    await user.type(screen.getByTestId('sms-phone'), '12345');
    await user.click(screen.getByTestId('sms-send'));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(api.sendLoginCode).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('sms-phone'));
    await user.type(screen.getByTestId('sms-phone'), '13800000001');
    await user.click(screen.getByTestId('sms-send'));
    await waitFor(() => expect(screen.getByTestId('sms-send').textContent).toBe('60秒后重新获取'));
    expect(api.sendLoginCode).toHaveBeenCalledWith('13800000001');
    expect(notify.success).toHaveBeenCalledWith('验证码已发送，请注意查收');
    expect((screen.getByTestId('sms-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('signs in with phone and code', async () => {
    const user = userEvent.setup();
    api.codeLogin.mockResolvedValue(result);
    renderLogin('/login?redirect=%2Fdashboard');
    await user.click(screen.getByTestId('tab-code'));
    await user.type(screen.getByTestId('sms-phone'), '13800000001');
    await user.type(screen.getByTestId('sms-code'), '123456{Enter}');
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard');
    expect(api.codeLogin.mock.calls[0]?.[0]).toEqual({ phone: '13800000001', code: '123456' });
  });
});

describe('forgot password', () => {
  it('verifies the phone, sets a new password and returns to sign-in', async () => {
    const user = userEvent.setup();
    api.verifyResetCode.mockResolvedValue({ ticket: 'T-1' });
    api.resetPassword.mockResolvedValue(null);
    renderLogin('/login');
    await user.click(await screen.findByTestId('forgot-link'));

    // Loaded on first use: on a busy machine the import alone can take longer than findBy's one second.
    await user.type(await screen.findByTestId('reset-phone', {}, { timeout: 10_000 }), '13800000002');
    await user.type(screen.getByTestId('reset-code'), '654321{Enter}');
    await screen.findByTestId('reset-password');
    expect(api.verifyResetCode.mock.calls[0]?.[0]).toEqual({ phone: '13800000002', code: '654321' });

    await user.type(screen.getByTestId('reset-password'), 'NewPass@2026');
    await user.type(screen.getByTestId('reset-confirm'), 'NewPass@2025{Enter}');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.resetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('reset-confirm'));
    await user.type(screen.getByTestId('reset-confirm'), 'NewPass@2026{Enter}');
    expect(await screen.findByText('密码重置成功，请使用新密码登录')).toBeTruthy();
    expect(notify.success).toHaveBeenCalledWith('密码重置成功，请使用新密码登录');
    expect(api.resetPassword.mock.calls[0]?.[0]).toEqual({
      ticket: 'T-1',
      password: 'NewPass@2026',
      confirmPassword: 'NewPass@2026',
    });

    await user.click(screen.getByTestId('reset-back-login'));
    expect(await screen.findByTestId('login-username')).toBeTruthy();
  });
});
