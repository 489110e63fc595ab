import type { CodeLoginBody, SmsSent } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from './auth-api';
import { FIELD_RULES } from './field-rules';
import { FormSubmit } from './form-submit';
import { PhoneField } from './phone-field';
import { SmsCodeField } from './sms-code-field';
import { useFormFields } from './use-form-fields';

type PhoneCodeFormProps<T> = {
  /** Sends the SMS code to the phone. */
  send: (phone: string) => Promise<SmsSent>;
  /** Checks the phone and code on the server. */
  submit: (body: CodeLoginBody) => Promise<T>;
  onDone: (result: T) => void;
  submitLabel: string;
  testIds: { form?: string; phone: string; code: string; send: string; submit: string; error?: string };
};

/** A mobile number and the SMS code sent to it: the code sign-in and the forgot-password check (spec 2.3). */
export function PhoneCodeForm<T>({ send, submit, onDone, submitLabel, testIds }: PhoneCodeFormProps<T>) {
  const [error, setError] = useState<string | null>(null);
  const form = useFormFields({
    initial: { phone: '', code: '' },
    checks: { phone: FIELD_RULES.phone, code: FIELD_RULES.smsCode },
    onEdit: () => setError(null),
  });
  const check = useMutation({ mutationFn: submit, onSuccess: onDone });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    check.mutate(
      { phone: values.phone, code: values.code.trim() },
      { onError: (failure) => setError(errorText(failure)) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid={testIds.form}>
      <PhoneField form={form} testId={testIds.phone} />
      <SmsCodeField
        form={form}
        send={send}
        onError={setError}
        inputTestId={testIds.code}
        sendTestId={testIds.send}
      />
      <FormSubmit error={error} errorTestId={testIds.error} pending={check.isPending} testId={testIds.submit}>
        {submitLabel}
      </FormSubmit>
    </form>
  );
}
