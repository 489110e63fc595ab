import { Alert, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { ORDER_LABELS } from './labels';

type Props<Values> = {
  open: boolean;
  title: string;
  /** The toast after success. */
  doneText: string;
  /** Runs the action; a rejection keeps the dialog open with the server's message in it. */
  submit(values: Values): Promise<unknown>;
  onClose(): void;
  onDone(): void;
  initialValues?: Partial<Values>;
  okText?: string;
  danger?: boolean;
  testId: string;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
};

/**
 * The frame of every order action: a form in a dialog whose OK button submits it, so Enter in a field submits
 * too; a loading OK button while the call runs; the server's Chinese refusal shown inside the dialog.
 */
export function ActionDialog<Values extends object>({
  open,
  title,
  doneText,
  submit,
  onClose,
  onDone,
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
    setBusy(true);
    setError(null);
    try {
      await submit(values);
      notify.success(doneText);
      onDone();
      onClose();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : ORDER_LABELS.common.loadFailed);
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
      okText={okText ?? ORDER_LABELS.common.ok}
      cancelText={ORDER_LABELS.common.cancel}
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
