import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useState } from 'react';
import type { z } from 'zod';
import { isApiError, type ApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { COMMON_LABELS } from '../labels';

export type FormSubmitOptions<Values> = {
  form: FormInstance<Values>;
  /** Runs the action; a rejection keeps the form with the server's message in it. */
  submit(values: Values): Promise<unknown>;
  /** The toast after success. */
  doneText: string;
  onDone(): void;
  /**
   * Checked on submit, each issue shown under its field: usually the endpoint's request schema (or a `pick` of
   * it), so the form refuses what the server would, in the same words.
   */
  schema?: z.ZodType;
  /** Extra values the schema needs that are no fields (e.g. `{ storeCode, performanceOrderNo }`). */
  context?: Record<string, unknown>;
  /** The request the form's values make, when they differ (a switch that stands for its opposite, 0 for null). */
  toInput?(values: Values): object;
  /** A rule of the page stricter than the schema; its message shows above the fields. */
  check?(values: Values): string | null;
  /** The field a server refusal is about (e.g. a 409 "核销码不正确" under the code); else it shows above. */
  serverField?(error: ApiError): NamePath | null;
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
 * The submit of an action form (a <FormDialog>, or a form in a page section): the page's `check` and the
 * `schema` first, a busy flag while the call runs, the toast on success, the server's Chinese refusal under
 * its field or above the form.
 */
export function useFormSubmit<Values extends object>({
  form,
  submit,
  doneText,
  onDone,
  schema,
  context,
  toInput,
  check,
  serverField,
}: FormSubmitOptions<Values>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  type Fields = Parameters<typeof form.setFields>[0];

  const finish = async (values: Values) => {
    setError(null);
    const refused = check?.(values) ?? null;
    if (refused) {
      setError(refused);
      return;
    }
    if (schema) {
      const checked = schema.safeParse({ ...context, ...(toInput ? toInput(values) : values) });
      if (!checked.success) {
        const fields = Object.keys(form.getFieldsValue(true) as object);
        const errors = fieldErrorsOf(checked.error.issues, fields);
        if (errors.length > 0) form.setFields(errors as Fields);
        else setError(checked.error.issues[0]?.message ?? COMMON_LABELS.loadFailed);
        return;
      }
    }
    setBusy(true);
    try {
      await submit(values);
      notify.success(doneText);
      onDone();
    } catch (failure) {
      const field = isApiError(failure) ? serverField?.(failure) : null;
      if (field && isApiError(failure))
        form.setFields([{ name: field, errors: [failure.message] }] as Fields);
      else setError(isApiError(failure) ? failure.message : COMMON_LABELS.loadFailed);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, finish };
}
