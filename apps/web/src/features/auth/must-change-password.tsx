import { AUTH_PATHS, type LoginResult, type PasswordStatus } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { http } from '../../lib/http';
import { authApi, errorText } from './auth-api';
import { InlineNotice } from './form-error';
import { FormSubmit } from './form-submit';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';
import { NewPasswordFields, useNewPasswordForm } from './new-password-fields';
import { useCompleteSignIn } from './use-complete-sign-in';

const L = AUTH_LABELS.mustChange;

/** A password sign-in whose password must be changed before the console opens. */
export type PendingPasswordChange = {
  result: LoginResult;
  /** What was just typed: the one-time (or expired) password the change needs as the old one. */
  oldPassword: string;
  reason: PasswordStatus['reason'];
};

/**
 * 修改初始密码: after signing in with a one-time password an administrator issued (or one older than 90 days),
 * the new password first; only then is the session stored and the console opened.
 */
export function MustChangePassword({
  pending,
  onBack,
}: {
  pending: PendingPasswordChange;
  onBack: () => void;
}) {
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useNewPasswordForm(() => setError(null));
  const change = useMutation({
    mutationFn: (newPassword: string) =>
      authApi.changePassword(pending.result.token, {
        oldPassword: pending.oldPassword,
        newPassword,
        confirmPassword: newPassword,
      }),
  });
  const onSubmit = form.handleSubmit((values) => {
    if (values.password === pending.oldPassword) {
      setError(L.samePassword);
      return;
    }
    setError(null);
    change.mutate(values.password, {
      onSuccess: () => completeSignIn(pending.result),
      onError: (failure) => setError(errorText(failure)),
    });
  });
  const back = () => {
    // The session was never stored: end it on the server too.
    void http
      .del(AUTH_PATHS.logout, {
        flags: { silent: true },
        headers: { Authorization: `Bearer ${pending.result.token}` },
      })
      .catch(() => undefined);
    onBack();
  };

  return (
    <div data-testid="must-change-password">
      <h1 className={styles.title}>{L.title}</h1>
      <InlineNotice tone="warning" message={pending.reason === 'expired' ? L.expired : L.initial} />
      <form onSubmit={onSubmit} noValidate>
        <NewPasswordFields
          form={form}
          testIds={{ password: 'must-change-new', confirm: 'must-change-confirm' }}
        />
        <FormSubmit
          error={error}
          errorTestId="must-change-error"
          pending={change.isPending}
          testId="must-change-submit"
        >
          {L.submit}
        </FormSubmit>
      </form>
      <Button type="link" onClick={back} data-testid="must-change-back">
        {L.backToLogin}
      </Button>
    </div>
  );
}
