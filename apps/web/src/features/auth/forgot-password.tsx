import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Result, Steps } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { authApi, errorText } from './auth-api';
import { FormSubmit } from './form-submit';
import styles from './login-page.module.css';
import { PhoneCodeForm } from './phone-code-form';
import { AUTH_LABELS } from './labels';
import { NewPasswordFields, useNewPasswordForm } from './new-password-fields';

const LABELS = AUTH_LABELS.reset;

const VERIFY_TEST_IDS = {
  phone: 'reset-phone',
  code: 'reset-code',
  send: 'reset-send',
  submit: 'reset-verify',
  error: 'reset-error',
};

function VerifyPhoneStep({ onVerified }: { onVerified: (ticket: string) => void }) {
  return (
    <PhoneCodeForm
      send={authApi.sendResetCode}
      submit={authApi.verifyResetCode}
      onDone={({ ticket }) => onVerified(ticket)}
      submitLabel={LABELS.next}
      testIds={VERIFY_TEST_IDS}
    />
  );
}

function NewPasswordStep({ ticket, onDone }: { ticket: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useNewPasswordForm(() => setError(null));
  const reset = useMutation({ mutationFn: authApi.resetPassword });
  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    reset.mutate(
      { ticket, ...values },
      { onSuccess: onDone, onError: (failure) => setError(errorText(failure)) },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <NewPasswordFields form={form} testIds={{ password: 'reset-password', confirm: 'reset-confirm' }} />
      <FormSubmit error={error} errorTestId="reset-error" pending={reset.isPending} testId="reset-submit">
        {LABELS.submit}
      </FormSubmit>
    </form>
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
