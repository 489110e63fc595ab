import { Form, Input, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

export type TypedNameLabels = { title: string; ok: string; cancel: string; typeName: string };

/**
 * The confirmation both restores of 数据备份 ask for: the backup's name typed again (and `ready`, where the
 * dialog asks more) unlocks the danger button, and `onOk` gets the name as typed (trimmed) for the server to check
 * again. `notices` stand above the name field, `children` below it.
 */
export function TypedNameModal({
  name,
  labels,
  ready = true,
  pending,
  onOk,
  onCancel,
  testId,
  notices,
  children,
}: {
  name: string;
  labels: TypedNameLabels;
  ready?: boolean;
  pending: boolean;
  onOk(typedName: string): void;
  onCancel(): void;
  /** Prefix of the dialog's and the field's test ids (`<testId>-dialog`, `<testId>-input`). */
  testId: string;
  notices?: ReactNode;
  children?: ReactNode;
}) {
  const [typed, setTyped] = useState('');
  return (
    <Modal
      open
      title={`${labels.title} · ${name}`}
      okText={labels.ok}
      cancelText={labels.cancel}
      onCancel={onCancel}
      onOk={() => onOk(typed.trim())}
      okButtonProps={{ danger: true, disabled: typed.trim() !== name || !ready, loading: pending }}
      data-testid={`${testId}-dialog`}
    >
      {notices}
      <Form layout="vertical">
        <Form.Item label={labels.typeName} extra={<Typography.Text code>{name}</Typography.Text>}>
          <Input
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={64}
            autoComplete="off"
            data-testid={`${testId}-input`}
          />
        </Form.Item>
        {children}
      </Form>
    </Modal>
  );
}
