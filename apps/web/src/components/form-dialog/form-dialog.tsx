import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { isApiError, type ApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { COMMON_LABELS } from '../labels';

type Props<Values> = {
  open: boolean;
  title: string;
  /** The toast after success. */
  doneText: string;
  /** Runs the action; a rejection keeps the dialog open with the server's message in it. */
  submit(values: Values): Promise<unknown>;
  onClose(): void;
  onDone(): void;
  /**
   * Checked on submit, each issue shown under its field: usually the endpoint's request schema (or a `pick` of
   * it), so the dialog refuses what the server would, in the same words.
   */
  schema?: z.ZodType;
  /** Extra values the schema needs that are no fields (e.g. `{ storeCode, performanceOrderNo }`). */
  context?: Record<string, unknown>;
  /** The field a server refusal is about (e.g. a 409 "核销码不正确" under the code); else it shows above. */
  serverField?(error: ApiError): NamePath | null;
  initialValues?: Partial<Values>;
  okText?: string;
  danger?: boolean;
  testId: string;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
};

/** The issues of a zod check as antd field errors, one message per field (the first). */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly string[],
): { name: (string | number)[]; errors: string[] }[] {
  const seen = new Set<string>();
  const errors: { name: (string | number)[]; errors: string[] }[] = [];
  for (const issue of issues) {
    const name = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const field = String(name[0] ?? '');
    if (!fields.includes(field) || seen.has(name.join('.'))) continue;
    seen.add(name.join('.'));
    errors.push({ name, errors: [issue.message] });
  }
  return errors;
}

/**
 * A form in a dialog whose OK button submits it, so Enter in a field submits too; the values checked against
 * `schema` with the messages under the fields; a loading OK button while the call runs; the server's Chinese
 * refusal shown inside the dialog (under its field when `serverField` names one).
 */
export function FormDialog<Values extends object>({
  open,
  title,
  doneText,
  submit,
  onClose,
  onDone,
  schema,
  context,
  serverField,
  initialValues,
  okText,
  danger,
  testId,
  children,
}: Props<Values>) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finish = async (values: Values) => {
    setError(null);
    if (schema) {
      const checked = schema.safeParse({ ...context, ...values });
      if (!checked.success) {
        const fields = Object.keys(form.getFieldsValue(true) as object);
        const errors = fieldErrorsOf(checked.error.issues, fields);
        if (errors.length > 0) {
          form.setFields(errors as Parameters<typeof form.setFields>[0]);
          return;
        }
        setError(checked.error.issues[0]?.message ?? COMMON_LABELS.loadFailed);
        return;
      }
    }
    setBusy(true);
    try {
      await submit(values);
      notify.success(doneText);
      onDone();
      onClose();
    } catch (failure) {
      const field = isApiError(failure) ? serverField?.(failure) : null;
      if (field && isApiError(failure))
        form.setFields([{ name: field, errors: [failure.message] }] as Parameters<typeof form.setFields>[0]);
      else setError(isApiError(failure) ? failure.message : COMMON_LABELS.loadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={520}
      destroyOnHidden
      mask={{ closable: !busy }}
      okText={okText ?? COMMON_LABELS.ok}
      cancelText={COMMON_LABELS.cancel}
      okButtonProps={{ htmlType: 'submit', loading: busy, danger, 'data-testid': `${testId}-ok` }}
      cancelButtonProps={{ disabled: busy }}
      onCancel={() => {
        if (!busy) onClose();
      }}
      afterClose={() => setError(null)}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={(values) => void finish(values)}
          clearOnDestroy
          data-testid={testId}
        >
          {dom}
        </Form>
      )}
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid={`${testId}-error`}
        />
      ) : null}
      {typeof children === 'function' ? children(form) : children}
    </Modal>
  );
}
