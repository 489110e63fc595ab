import { Alert, Form, Input } from 'antd';
import type { KeyboardEvent } from 'react';

type FieldProps = {
  name: string;
  label: string;
  /** Test id of the control. */
  testId: string;
  max: number;
  placeholder?: string;
  /** The message when the field is empty (blank counts as empty); without it the field may stay empty. */
  required?: string;
};

const requiredRule = (message: string | undefined) =>
  message ? [{ required: true, whitespace: true, message }] : [];

/**
 * A one-line text field of a form. `pattern` checks what was typed, with its message; `code` marks a code read
 * off a slip or a screen (no browser suggestions; 'digits' brings up the number keyboard on a phone).
 */
export function TextField({
  name,
  label,
  testId,
  max,
  placeholder,
  required,
  pattern,
  code,
}: FieldProps & { pattern?: { regex: RegExp; message: string }; code?: 'text' | 'digits' }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        ...requiredRule(required),
        ...(pattern ? [{ pattern: pattern.regex, message: pattern.message }] : []),
      ]}
    >
      <Input
        data-testid={testId}
        maxLength={max}
        placeholder={placeholder}
        inputMode={code === 'digits' ? 'numeric' : undefined}
        autoComplete={code ? 'off' : undefined}
      />
    </Form.Item>
  );
}

/** A free-text field (a reason, a remark, a note) with its length counted as one types. */
export function TextAreaField({
  name,
  label,
  testId,
  max,
  placeholder,
  required,
  rows = 3,
  initialValue,
  onPressEnter,
}: FieldProps & {
  rows?: number;
  initialValue?: string;
  onPressEnter?(event: KeyboardEvent<HTMLTextAreaElement>): void;
}) {
  return (
    <Form.Item name={name} label={label} rules={requiredRule(required)} initialValue={initialValue}>
      <Input.TextArea
        data-testid={testId}
        rows={rows}
        maxLength={max}
        showCount
        placeholder={placeholder}
        onPressEnter={onPressEnter}
      />
    </Form.Item>
  );
}

/**
 * A message above a form's fields: the server's refusal ('error'), the consequence of the action ('warning'),
 * or what the person has to do first.
 */
export function FormAlert({
  type,
  title,
  description,
  testId,
}: {
  type: 'error' | 'warning' | 'info';
  title: string;
  description?: string;
  testId?: string;
}) {
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={description}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
