import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { CaptchaLevel } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../lib/http';
import { authApi, errorText } from './auth-api';
import { CaptchaField } from './captcha-field';
import { FIELD_RULES } from './field-rules';
import { FormSubmit } from './form-submit';
import controls from './login-controls.module.css';
import styles from './login-page.module.css';
import { readRememberedAccount, rememberAccount } from './remembered-account';
import { AUTH_LABELS } from './labels';
import { TextField } from './text-field';
import { useCaptcha } from './use-captcha';
import type { PendingPasswordChange } from './must-change-password';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useFormFields } from './use-form-fields';

type Props = {
  onForgotPassword: () => void;
  /** The password just used must be changed first (one-time or expired): the console waits for that. */
  onMustChange: (pending: PendingPasswordChange) => void;
};

/** 账号密码登录: account, password, captcha, 记住密码 and 忘记密码 (spec 2.3). */
export function PasswordLoginForm({ onForgotPassword, onMustChange }: Props) {
  const [remembered] = useState(readRememberedAccount);
  const [remember, setRemember] = useState(remembered !== null);
  const [error, setError] = useState<string | null>(null);
  const form = useFormFields({
    initial: { username: remembered ?? '', password: '', code: '' },
    checks: { username: FIELD_RULES.username, password: FIELD_RULES.password, code: FIELD_RULES.captcha },
    onEdit: () => setError(null),
  });
  const [captchaLevel, setCaptchaLevel] = useState<CaptchaLevel>('normal');
  const captcha = useCaptcha(captchaLevel);
  const completeSignIn = useCompleteSignIn();
  const login = useMutation({ mutationFn: authApi.passwordLogin });

  const onSubmit = form.handleSubmit((values) => {
    const uuid = captcha.data?.uuid;
    if (!uuid) {
      void captcha.refetch();
      return;
    }
    const username = values.username.trim();
    setError(null);
    login.mutate(
      { username, password: values.password, code: values.code.trim(), uuid },
      {
        onSuccess: async (result) => {
          rememberAccount(username, remember);
          // Should the status not be read, the console opens as before; the server still knows the password.
          const status = await authApi.passwordStatus(result.token).catch(() => null);
          if (status?.mustChange)
            onMustChange({ result, oldPassword: values.password, reason: status.reason });
          else completeSignIn(result);
        },
        onError: (failure) => {
          setError(errorText(failure));
          form.resetField('code');
          // A new level is a new query: the harder captcha loads by itself.
          if (failure instanceof ApiError && failure.errorCode === 'CAPTCHA_HARDER') setCaptchaLevel('hard');
          else void captcha.refetch();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate autoComplete="on" data-testid="password-login-form">
      <TextField
        label={AUTH_LABELS.fields.username}
        placeholder={AUTH_LABELS.placeholders.username}
        icon={<UserOutlined />}
        value={form.values.username}
        error={form.errors.username}
        onChange={(value) => form.setValue('username', value)}
        maxLength={64}
        autoComplete="username"
        testId="login-username"
      />
      <TextField
        label={AUTH_LABELS.fields.password}
        placeholder={AUTH_LABELS.placeholders.password}
        icon={<LockOutlined />}
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.setValue('password', value)}
        password
        maxLength={64}
        autoComplete="current-password"
        testId="login-password"
      />
      <CaptchaField
        captcha={captcha}
        value={form.values.code}
        error={form.errors.code}
        onChange={(value) => form.setValue('code', value)}
      />
      <div className={styles.optionsRow}>
        <label className={controls.checkbox}>
          <input
            type="checkbox"
            checked={remember}
            onChange={(event) => {
              setRemember(event.target.checked);
              setError(null);
            }}
            data-testid="login-remember"
          />
          <span>{AUTH_LABELS.rememberMe}</span>
        </label>
        <Button
          type="link"
          size="large"
          className={styles.inlineLink}
          onClick={onForgotPassword}
          data-testid="forgot-link"
        >
          {AUTH_LABELS.forgotPassword}
        </Button>
      </div>
      <FormSubmit error={error} pending={login.isPending} testId="login-submit">
        {AUTH_LABELS.signIn}
      </FormSubmit>
    </form>
  );
}
