import { ArrowLeftOutlined, LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { authApi, errorText } from './auth-api';
import { FIELD_RULES } from './field-rules';
import { FormError } from './form-error';
import styles from './login-page.module.css';
import { PhoneField } from './phone-field';
import { SmsCodeField } from './sms-code-field';
import { AUTH_LABELS } from './labels';

const LABELS = AUTH_LABELS.reset;

type VerifyValues = { phone: string; code: string };
type NewPasswordValues = { password: string; confirmPassword: string };

function VerifyPhoneStep({ onVerified }: { onVerified: (ticket: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const verify = useMutation({ mutationFn: authApi.verifyResetCode });
  const onFinish = (values: VerifyValues) => {
    setError(null);
    verify.mutate(
      { phone: values.phone, code: values.code.trim() },
      { onSuccess: ({ ticket }) => onVerified(ticket), onError: (failure) => setError(errorText(failure)) },
    );
  };
  return (
    <Form<VerifyValues> size="large" onFinish={onFinish} onValuesChange={() => setError(null)}>
      <PhoneField testId="reset-phone" />
      <SmsCodeField
        phoneField="phone"
        send={authApi.sendResetCode}
        onError={setError}
        inputTestId="reset-code"
        sendTestId="reset-send"
      />
      <FormError message={error} testId="reset-error" />
      <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="reset-verify">
        {LABELS.next}
      </Button>
    </Form>
  );
}

function NewPasswordStep({ ticket, onDone }: { ticket: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({ mutationFn: authApi.resetPassword });
  const onFinish = (values: NewPasswordValues) => {
    setError(null);
    reset.mutate(
      { ticket, ...values },
      { onSuccess: onDone, onError: (failure) => setError(errorText(failure)) },
    );
  };
  return (
    <Form<NewPasswordValues> size="large" onFinish={onFinish} onValuesChange={() => setError(null)}>
      <Form.Item name="password" rules={FIELD_RULES.newPassword} extra={AUTH_LABELS.rules.passwordHint}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={AUTH_LABELS.placeholders.newPassword}
          aria-label={AUTH_LABELS.fields.newPassword}
          maxLength={64}
          autoComplete="new-password"
          data-testid="reset-password"
        />
      </Form.Item>
      <Form.Item name="confirmPassword" dependencies={['password']} rules={FIELD_RULES.confirmPassword}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={AUTH_LABELS.placeholders.confirmPassword}
          aria-label={AUTH_LABELS.fields.confirmPassword}
          maxLength={64}
          autoComplete="new-password"
          data-testid="reset-confirm"
        />
      </Form.Item>
      <FormError message={error} testId="reset-error" />
      <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
        {LABELS.submit}
      </Button>
    </Form>
  );
}

/** 忘记密码: verify the phone by SMS, set a new password, done (spec 2.3, 7.2). */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [ticket, setTicket] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const step = done ? 2 : ticket ? 1 : 0;

  function finish() {
    setDone(true);
    notify.success(LABELS.success);
  }

  return (
    <div data-testid="forgot-password">
      <h1 className={styles.title}>{LABELS.title}</h1>
      <Steps
        className={styles.steps}
        size="small"
        titlePlacement="vertical"
        responsive={false}
        // Past the last step once done, so that every step shows as finished.
        current={done ? LABELS.steps.length : step}
        items={LABELS.steps.map((title) => ({ title }))}
      />
      {step === 0 && <VerifyPhoneStep onVerified={setTicket} />}
      {step === 1 && ticket && <NewPasswordStep ticket={ticket} onDone={finish} />}
      {step === 2 && (
        <Result
          className={styles.resetDone}
          status="success"
          title={LABELS.success}
          extra={
            <Button type="primary" size="large" onClick={onBack} data-testid="reset-back-login">
              {LABELS.backToLogin}
            </Button>
          }
        />
      )}
      {step < 2 && (
        <Button
          type="link"
          className={styles.backLink}
          icon={<ArrowLeftOutlined />}
          onClick={onBack}
          data-testid="reset-back"
        >
          {LABELS.backToLogin}
        </Button>
      )}
    </div>
  );
}
