import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { authApi, errorText } from './auth-api';
import { CaptchaField } from './captcha-field';
import { FIELD_RULES } from './field-rules';
import { FormError } from './form-error';
import styles from './login-page.module.css';
import { readRememberedAccount, rememberAccount } from './remembered-account';
import { AUTH_LABELS } from './labels';
import { useCaptcha } from './use-captcha';
import { useCompleteSignIn } from './use-complete-sign-in';

type PasswordLoginValues = { username: string; password: string; code: string; remember: boolean };

/** 账号密码登录: account, password, captcha, 记住密码 and 忘记密码 (spec 2.3). */
export function PasswordLoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [form] = Form.useForm<PasswordLoginValues>();
  const [initialValues] = useState(() => {
    const remembered = readRememberedAccount();
    return { username: remembered ?? '', remember: remembered !== null };
  });
  const captcha = useCaptcha();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({ mutationFn: authApi.passwordLogin });

  function onFinish(values: PasswordLoginValues) {
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
        onSuccess: (result) => {
          rememberAccount(username, values.remember);
          completeSignIn(result);
        },
        onError: (failure) => {
          setError(errorText(failure));
          form.setFieldValue('code', '');
          void captcha.refetch();
        },
      },
    );
  }

  return (
    <Form
      form={form}
      size="large"
      initialValues={initialValues}
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      autoComplete="on"
      data-testid="password-login-form"
    >
      <Form.Item name="username" rules={FIELD_RULES.username}>
        <Input
          prefix={<UserOutlined />}
          placeholder={AUTH_LABELS.placeholders.username}
          aria-label={AUTH_LABELS.fields.username}
          maxLength={64}
          autoComplete="username"
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" rules={FIELD_RULES.password}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={AUTH_LABELS.placeholders.password}
          aria-label={AUTH_LABELS.fields.password}
          maxLength={64}
          autoComplete="current-password"
          data-testid="login-password"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <div className={styles.optionsRow}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-remember">{AUTH_LABELS.rememberMe}</Checkbox>
        </Form.Item>
        <Button
          type="link"
          className={styles.inlineLink}
          onClick={onForgotPassword}
          data-testid="forgot-link"
        >
          {AUTH_LABELS.forgotPassword}
        </Button>
      </div>
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {AUTH_LABELS.signIn}
      </Button>
    </Form>
  );
}
