import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { authApi, errorText } from './auth-api';
import { FIELD_RULES } from './field-rules';
import { FormError } from './form-error';
import { PhoneField } from './phone-field';
import { SmsCodeField } from './sms-code-field';
import { AUTH_LABELS } from './labels';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useFormFields } from './use-form-fields';

/** 验证码登录: phone and SMS code (spec 2.3). */
export function CodeLoginForm() {
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useFormFields({
    initial: { phone: '', code: '' },
    checks: { phone: FIELD_RULES.phone, code: FIELD_RULES.smsCode },
    onEdit: () => setError(null),
  });
  const login = useMutation({ mutationFn: authApi.codeLogin, onSuccess: completeSignIn });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    login.mutate(
      { phone: values.phone, code: values.code.trim() },
      { onError: (failure) => setError(errorText(failure)) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="code-login-form">
      <PhoneField form={form} testId="sms-phone" />
      <SmsCodeField
        form={form}
        send={authApi.sendLoginCode}
        onError={setError}
        inputTestId="sms-code"
        sendTestId="sms-send"
      />
      <FormError message={error} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={login.isPending}
        data-testid="sms-submit"
      >
        {AUTH_LABELS.signIn}
      </Button>
    </form>
  );
}
