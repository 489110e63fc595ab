import { Form, Input, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

export type TypedNameLabels = { title: string; ok: string; cancel: string; typeName: string };

/**
 * The confirmation both restores of 数据备份 ask for: the backup's name typed again (and `ready`, where the
 * dialog asks more) unlocks the danger button. `notices` stand above the name field, `children` below it.
 */
export function TypedNameModal({
  name,
  labels,
  typed,
  onTyped,
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
  typed: string;
  onTyped(value: string): void;
  ready?: boolean;
  pending: boolean;
  onOk(): void;
  onCancel(): void;
  /** Prefix of the dialog's and the field's test ids (`<testId>-dialog`, `<testId>-input`). */
  testId: string;
  notices?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Modal
      open
      title={`${labels.title} · ${name}`}
      okText={labels.ok}
      cancelText={labels.cancel}
      onCancel={onCancel}
      onOk={onOk}
      okButtonProps={{ danger: true, disabled: typed.trim() !== name || !ready, loading: pending }}
      data-testid={`${testId}-dialog`}
    >
      {notices}
      <Form layout="vertical">
        <Form.Item label={labels.typeName} extra={<Typography.Text code>{name}</Typography.Text>}>
          <Input
            value={typed}
            onChange={(e) => onTyped(e.target.value)}
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
