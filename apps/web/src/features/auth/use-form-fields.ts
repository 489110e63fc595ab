import { useState, type FormEvent } from 'react';

type Values = Record<string, string>;

/** One check on a field: the Chinese message to show under it, or null when the value is fine. */
export type FieldCheck<V extends Values = Values> = (value: string, values: V) => string | null;

type FormOptions<V extends Values> = {
  initial: V | (() => V);
  checks: { [K in keyof V]?: FieldCheck<V>[] };
  /** Fields checked again when another one changes (a confirmation against its password). */
  dependents?: { [K in keyof V]?: (keyof V)[] };
  /** Any edit by the user, e.g. to clear a server error shown above the submit button. */
  onEdit?: () => void;
};

type Errors<V> = { [K in keyof V]?: string | null };

/**
 * The sign-in screens' small form state: values, one error per field (the first failed check, shown under
 * the field), checks on every edit and on submit, like antd's Form did without its weight on the login route.
 */
export function useFormFields<V extends Values>({ initial, checks, dependents, onEdit }: FormOptions<V>) {
  const [state, setState] = useState<{ values: V; errors: Errors<V> }>(() => ({
    values: typeof initial === 'function' ? initial() : initial,
    errors: {},
  }));

  function firstError(name: keyof V, values: V): string | null {
    for (const check of checks[name] ?? []) {
      const message = check(values[name] ?? '', values);
      if (message) return message;
    }
    return null;
  }

  function setValue(name: keyof V, value: string) {
    setState(({ values, errors }) => {
      const next = { ...values, [name]: value };
      const nextErrors: Errors<V> = { ...errors, [name]: firstError(name, next) };
      for (const dependent of dependents?.[name] ?? []) {
        if (next[dependent] || errors[dependent]) nextErrors[dependent] = firstError(dependent, next);
      }
      return { values: next, errors: nextErrors };
    });
    onEdit?.();
  }

  /** Empties a field without checking it, as after a failed sign-in (not an edit by the user). */
  function resetField(name: keyof V) {
    setState(({ values, errors }) => ({
      values: { ...values, [name]: '' },
      errors: { ...errors, [name]: null },
    }));
  }

  /** Checks the given fields (all when omitted), shows their errors and answers whether all passed. */
  function validate(names: (keyof V)[] = Object.keys(state.values)): boolean {
    const found: Errors<V> = {};
    for (const name of names) found[name] = firstError(name, state.values);
    setState((current) => ({ ...current, errors: { ...current.errors, ...found } }));
    return names.every((name) => !found[name]);
  }

  function handleSubmit(onValid: (values: V) => void) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (validate()) onValid(state.values);
    };
  }

  return { values: state.values, errors: state.errors, setValue, resetField, validate, handleSubmit };
}

export type FormFields<V extends Values> = ReturnType<typeof useFormFields<V>>;
