import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { authApi, errorText } from './auth-api';
import { FormError } from './form-error';
import { PhoneField } from './phone-field';
import { SmsCodeField } from './sms-code-field';
import { AUTH_LABELS } from './labels';
import { useCompleteSignIn } from './use-complete-sign-in';

type CodeLoginValues = { phone: string; code: string };

/** 验证码登录: phone and SMS code (spec 2.3). */
export function CodeLoginForm() {
  const [form] = Form.useForm<CodeLoginValues>();
  const completeSignIn = useCompleteSignIn();
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({ mutationFn: authApi.codeLogin, onSuccess: completeSignIn });

  function onFinish(values: CodeLoginValues) {
    setError(null);
    login.mutate(
      { phone: values.phone, code: values.code.trim() },
      { onError: (failure) => setError(errorText(failure)) },
    );
  }

  return (
    <Form
      form={form}
      size="large"
      onFinish={onFinish}
      onValuesChange={() => setError(null)}
      data-testid="code-login-form"
    >
      <PhoneField testId="sms-phone" />
      <SmsCodeField
        phoneField="phone"
        send={authApi.sendLoginCode}
        onError={setError}
        inputTestId="sms-code"
        sendTestId="sms-send"
      />
      <FormError message={error} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="sms-submit">
        {AUTH_LABELS.signIn}
      </Button>
    </Form>
  );
}
