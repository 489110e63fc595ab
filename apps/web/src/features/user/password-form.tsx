import { isStrongPassword, passwordStrength, PASSWORD_MAX, type UpdatePasswordBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Progress, type FormItemProps } from 'antd';
import { notify } from '../../lib/notify';
import { strengthLevel } from './avatar-checks';
import { USER_LABELS } from './labels';
import { profileApi } from './profile-api';
import { SaveError } from './save-error';
import styles from './user-center-page.module.css';

const LABELS = USER_LABELS.password;
const STRENGTH_COLORS = ['#ff4d4f', '#faad14', '#52c41a'] as const;

function StrengthHint({ password }: { password: string }) {
  const level = strengthLevel(password, passwordStrength(password));
  if (level === null) return <span className={styles.hint}>{LABELS.hint}</span>;
  return (
    <div className={styles.strength} data-testid="password-strength">
      <span>{LABELS.strength}</span>
      <Progress
        percent={(level + 1) * 33.4}
        steps={3}
        showInfo={false}
        size="small"
        strokeColor={STRENGTH_COLORS[level]}
      />
      <span>{LABELS.levels[level]}</span>
    </div>
  );
}

type PasswordItemProps = Omit<FormItemProps<UpdatePasswordBody>, 'name' | 'label' | 'rules' | 'children'> & {
  /** Which of the three: names the form field (`oldPassword`…) and picks its label and hint. */
  field: 'old' | 'new' | 'confirm';
  /** Checks beyond "required". */
  rules?: FormItemProps['rules'];
  testId: string;
};

/** A required password input; its hint is also the message when it is left empty. */
function PasswordItem({ field, rules = [], testId, ...item }: PasswordItemProps) {
  const placeholder = LABELS[`${field}Placeholder` as const];
  return (
    <Form.Item
      {...item}
      name={`${field}Password`}
      label={LABELS[field]}
      rules={[{ required: true, message: placeholder }, ...rules]}
    >
      <Input.Password
        placeholder={placeholder}
        maxLength={PASSWORD_MAX}
        autoComplete={field === 'old' ? 'current-password' : 'new-password'}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** 修改密码: old, new and confirm; success ends the other sessions, which the clerk is told. */
export function PasswordForm() {
  const [form] = Form.useForm<UpdatePasswordBody>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const change = useMutation({
    mutationFn: profileApi.changePassword,
    onSuccess: () => {
      form.resetFields();
      notify.success(LABELS.done);
    },
  });

  const submit = async (values: UpdatePasswordBody) => {
    const confirmed = await notify.confirm({ title: LABELS.confirmTitle, content: LABELS.confirmText });
    if (confirmed) change.mutate(values);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      data-testid="password-form"
      autoComplete="off"
    >
      <PasswordItem field="old" testId="password-old" />
      <PasswordItem
        field="new"
        testId="password-new"
        extra={<StrengthHint password={newPassword} />}
        dependencies={['oldPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              if (!isStrongPassword(value)) return Promise.reject(new Error(LABELS.weak));
              if (value === getFieldValue('oldPassword')) return Promise.reject(new Error(LABELS.sameAsOld));
              return Promise.resolve();
            },
          }),
        ]}
      />
      <PasswordItem
        field="confirm"
        testId="password-confirm"
        dependencies={['newPassword']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(LABELS.differ)),
          }),
        ]}
      />
      <SaveError error={change.error} />
      {change.isSuccess ? (
        <Alert
          type="success"
          showIcon
          title={LABELS.done}
          description={LABELS.othersSignedOut(change.data.otherSessionsEnded)}
          style={{ marginBottom: 16 }}
          data-testid="password-done"
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
        {LABELS.submit}
      </Button>
    </Form>
  );
}
