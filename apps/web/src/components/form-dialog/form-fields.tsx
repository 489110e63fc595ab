import type { CodeFormat } from '@console/contract';
import { Alert, Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { COMMON_LABELS } from '../labels';
import type { KeyboardEvent, ReactNode } from 'react';

type FieldProps = {
  name: string;
  label: string;
  /** Test id of the control. */
  testId: string;
  max: number;
  placeholder?: string;
  /** The message when the field is empty (blank counts as empty); without it the field may stay empty. */
  required?: string;
  initialValue?: string;
};

/** The Form.Item of a field: its name, label and rules (required first, when it is). */
function FieldItem({
  field,
  rules = [],
  children,
}: {
  field: FieldProps;
  rules?: { pattern: RegExp; message: string }[];
  children: ReactNode;
}) {
  const required = field.required ? [{ required: true, whitespace: true, message: field.required }] : [];
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      rules={[...required, ...rules]}
      initialValue={field.initialValue}
    >
      {children}
    </Form.Item>
  );
}

/**
 * A one-line text field of a form. `pattern` checks what was typed, with its message; `code` marks a code read
 * off a slip or a screen (no browser suggestions; 'digits' brings up the number keyboard on a phone).
 */
export function TextField({
  pattern,
  code,
  ...field
}: FieldProps & { pattern?: { regex: RegExp; message: string }; code?: 'text' | 'digits' }) {
  return (
    <FieldItem field={field} rules={pattern ? [{ pattern: pattern.regex, message: pattern.message }] : []}>
      <Input
        data-testid={field.testId}
        maxLength={field.max}
        placeholder={field.placeholder}
        inputMode={code === 'digits' ? 'numeric' : undefined}
        autoComplete={code ? 'off' : undefined}
      />
    </FieldItem>
  );
}

/** A code typed off a slip or a screen, checked as its contract `format` says (pattern, length, digits). */
export function CodeField({ format, ...field }: Omit<FieldProps, 'max'> & { format: CodeFormat }) {
  return (
    <TextField
      {...field}
      max={format.max}
      pattern={{ regex: format.pattern, message: format.invalid }}
      code={format.digits ? 'digits' : 'text'}
    />
  );
}

/** A free-text field (a reason, a remark, a note) with its length counted as one types. */
export function TextAreaField({
  rows = 3,
  onPressEnter,
  ...field
}: FieldProps & { rows?: number; onPressEnter?(event: KeyboardEvent<HTMLTextAreaElement>): void }) {
  return (
    <FieldItem field={field}>
      <Input.TextArea
        data-testid={field.testId}
        rows={rows}
        maxLength={field.max}
        showCount
        placeholder={field.placeholder}
        onPressEnter={onPressEnter}
      />
    </FieldItem>
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

/** An option of a choice in a tree (上级部门, 上级菜单): disabled where the record may not go. */
export type TreeOption = { value: number; title: string; disabled?: boolean; children?: TreeOption[] };

/** A choice in a tree, searchable by title; `expandAll` opens every branch at first. */
export function TreeChoiceField({
  name,
  label,
  testId,
  options,
  expandAll = false,
}: {
  name: string;
  label: string;
  testId: string;
  options: TreeOption[];
  expandAll?: boolean;
}) {
  return (
    <Form.Item name={name} label={label}>
      <TreeSelect
        data-testid={testId}
        treeData={options}
        treeDefaultExpandAll={expandAll}
        showSearch
        treeNodeFilterProp="title"
      />
    </Form.Item>
  );
}

/** 排序: a whole number from 0, smaller first. */
export function SortField({ label, max, testId }: { label: string; max: number; testId: string }) {
  return (
    <Form.Item name="sort" label={label}>
      <InputNumber min={0} max={max} precision={0} data-testid={testId} />
    </Form.Item>
  );
}

type NumberFieldProps = { name: string; label: string; min: number; max: number; testId?: string };

function NumberItem({ name, label, min, max, testId, precision }: NumberFieldProps & { precision: number }) {
  return (
    <Form.Item name={name} label={label}>
      <InputNumber min={min} max={max} precision={precision} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

/** A whole number of a form (a count, points, stock, a per-member limit), full width, from `min` to `max`. */
export function IntegerField(field: NumberFieldProps) {
  return <NumberItem {...field} precision={0} />;
}

/** An amount in yuan with fen (two decimals), full width; the request turns it into cents. */
export function YuanField(field: NumberFieldProps) {
  return <NumberItem {...field} precision={2} />;
}

/** 状态 as a 启用 / 停用 switch (the `enabled` field). */
export function EnabledField({ label }: { label: string }) {
  return (
    <Form.Item name="enabled" label={label} valuePropName="checked">
      <Switch checkedChildren={COMMON_LABELS.enabled} unCheckedChildren={COMMON_LABELS.disabled} />
    </Form.Item>
  );
}
