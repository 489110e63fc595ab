import { Form, Modal, Spin, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { COMMON_LABELS } from '../labels';
import { FormAlert } from './form-fields';
import { useFormSubmit, type FormSubmitOptions } from './use-form-submit';

export { fieldErrorsOf } from './use-form-submit';

type Props<Values> = Omit<FormSubmitOptions<Values>, 'form'> & {
  open: boolean;
  title: string;
  onClose(): void;
  initialValues?: Partial<Values>;
  okText?: string;
  danger?: boolean;
  testId: string;
  children: ReactNode | ((form: FormInstance<Values>) => ReactNode);
};

/**
 * A form in a dialog whose OK button submits it, so Enter in a field submits too; the values checked against
 * `schema` with the messages under the fields; a loading OK button while the call runs; the server's Chinese
 * refusal shown inside the dialog (under its field when `serverField` names one).
 */
export function FormDialog<Values extends object>({
  open,
  title,
  onClose,
  onDone,
  initialValues,
  okText,
  danger,
  testId,
  children,
  ...submitOptions
}: Props<Values>) {
  const [form] = Form.useForm<Values>();
  const { busy, error, setError, finish } = useFormSubmit<Values>({
    ...submitOptions,
    form,
    onDone: () => {
      onDone();
      onClose();
    },
  });

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
      {error ? <FormAlert type="error" title={error} testId={`${testId}-error`} /> : null}
      {typeof children === 'function' ? children(form) : children}
    </Modal>
  );
}

/**
 * The dialog of an edit form while its record loads: the same title and size, a spinner, no OK action. An edit
 * dialog shows this until the record is there, then mounts the form with the record as its initial values.
 */
export function LoadingFormDialog({
  title,
  testId,
  onClose,
}: {
  title: string;
  testId: string;
  onClose(): void;
}) {
  return (
    <FormDialog<Record<string, never>>
      open
      title={title}
      doneText=""
      testId={testId}
      onClose={onClose}
      onDone={() => undefined}
      submit={async () => undefined}
    >
      <Spin tip={COMMON_LABELS.loading}>
        <div style={{ height: 120 }} />
      </Spin>
    </FormDialog>
  );
}
