import { Form, Modal, type FormInstance } from 'antd';
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
