import { Button } from 'antd';
import type { ReactNode } from 'react';
import { FormError } from './form-error';

type FormSubmitProps = {
  /** The server's refusal of the last submit, if any. */
  error: string | null;
  errorTestId?: string;
  pending: boolean;
  testId: string;
  children: ReactNode;
};

/** The foot of a sign-in card form: the server's error, then the large full-width submit button. */
export function FormSubmit({ error, errorTestId, pending, testId, children }: FormSubmitProps) {
  return (
    <>
      <FormError message={error} testId={errorTestId} />
      <Button type="primary" htmlType="submit" size="large" block loading={pending} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}
