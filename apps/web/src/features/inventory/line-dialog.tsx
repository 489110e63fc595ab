import { Checkbox, Form, InputNumber, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { FormAlert } from '../../components/form-dialog/form-fields';
import { INVENTORY_LABELS } from './labels';

/** What a per-line dialog shows of a document line (a transfer's, a request's, a loan's). */
export type DocLine = { id: number; skuName: string; spec: string };

export const lineName = (line: DocLine) => `${line.skuName} ${line.spec}`.trim();

type LineDialogProps<L extends DocLine, V extends object> = {
  title: string;
  doneText: string;
  testId: string;
  hint?: string;
  lines: readonly L[];
  /** The bold heading of one line. */
  heading(line: L): ReactNode;
  initial(line: L): V;
  /** The form items of line `index` (names under `['lines', index, …]`). */
  fields(line: L, index: number): ReactNode;
  submit(values: V[]): Promise<unknown>;
  onClose(): void;
};

/**
 * An inventory document's per-line dialog (confirm batches, receive, …): one block per line with its heading
 * and fields, the values handed back in line order. Every document's line dialogs are built on it.
 */
export function LineDialog<L extends DocLine, V extends object>(props: LineDialogProps<L, V>) {
  const { lines } = props;
  type Values = { lines: V[] };
  return (
    <FormDialog<Values>
      open
      title={props.title}
      okText={props.title}
      doneText={props.doneText}
      testId={props.testId}
      initialValues={{ lines: lines.map(props.initial) }}
      onClose={props.onClose}
      onDone={() => undefined}
      submit={(values) => props.submit(values.lines)}
    >
      {props.hint ? <FormAlert type="info" title={props.hint} /> : null}
      {lines.map((line, index) => (
        <div key={line.id} data-testid={`${props.testId.replace(/-dialog$/, '')}-line`}>
          <Typography.Text strong>{props.heading(line)}</Typography.Text>
          <Space wrap align="baseline">
            {props.fields(line, index)}
          </Space>
        </div>
      ))}
    </FormDialog>
  );
}

export type ReceiveEntry = { lineId: number; received: number; damaged: number; closeShort: boolean };

/**
 * 收货: per line still outstanding, the units received and damaged; closing a line records what is still
 * missing as short. Transfers and request goods receive through it.
 */
export function ReceiveDialog<L extends DocLine & { outstanding: number }>(props: {
  lines: readonly L[];
  testPrefix: string;
  onClose(): void;
  submit(entries: ReceiveEntry[]): Promise<unknown>;
}) {
  const L = INVENTORY_LABELS.receive;
  const open = props.lines.filter((line) => line.outstanding > 0);
  const p = props.testPrefix;
  return (
    <LineDialog
      title={L.title}
      doneText={L.done}
      testId={`${p}-receive-dialog`}
      hint={L.hint}
      lines={open}
      heading={(line) => `${lineName(line)}（${INVENTORY_LABELS.lines.outstanding} ${line.outstanding}）`}
      initial={(line) => ({ received: line.outstanding, damaged: 0, closeShort: false })}
      fields={(line, index) => (
        <>
          <Form.Item name={['lines', index, 'received']} label={L.received}>
            <InputNumber
              min={0}
              max={line.outstanding}
              precision={0}
              data-testid={`${p}-received-${index}`}
            />
          </Form.Item>
          <Form.Item name={['lines', index, 'damaged']} label={L.damaged}>
            <InputNumber min={0} max={line.outstanding} precision={0} data-testid={`${p}-damaged-${index}`} />
          </Form.Item>
          <Form.Item name={['lines', index, 'closeShort']} valuePropName="checked">
            <Checkbox data-testid={`${p}-close-${index}`}>{L.closeShort}</Checkbox>
          </Form.Item>
        </>
      )}
      submit={(values) => props.submit(open.map((line, index) => ({ lineId: line.id, ...values[index]! })))}
      onClose={props.onClose}
    />
  );
}
