import { isStrongPassword, passwordStrength, PASSWORD_MAX, type UpdatePasswordBody } from '@console/contract';
import { Alert, Button, Form, Input, Progress } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/http/errors';
import { strengthLevel } from './avatar-checks';
import { USER_LABELS } from './labels';
import { profileApi } from './profile-api';
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

/** 修改密码: old, new and confirm; success ends the other sessions, which the clerk is told. */
export function PasswordForm() {
  const [form] = Form.useForm<UpdatePasswordBody>();
  const newPassword = Form.useWatch('newPassword', form) ?? '';
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState<number | null>(null);

  const submit = async (values: UpdatePasswordBody) => {
    const confirmed = await notify.confirm({
      title: LABELS.confirmTitle,
      content: LABELS.confirmText,
      okText: LABELS.ok,
      cancelText: LABELS.cancel,
    });
    if (!confirmed) return;
    setSaving(true);
    setError(null);
    setSignedOut(null);
    try {
      const { otherSessionsEnded } = await profileApi.changePassword(values);
      form.resetFields();
      notify.success(LABELS.done);
      setSignedOut(otherSessionsEnded);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      data-testid="password-form"
      autoComplete="off"
    >
      <Form.Item
        name="oldPassword"
        label={LABELS.old}
        rules={[{ required: true, message: LABELS.oldPlaceholder }]}
      >
        <Input.Password
          placeholder={LABELS.oldPlaceholder}
          maxLength={PASSWORD_MAX}
          autoComplete="current-password"
          data-testid="password-old"
        />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={LABELS.new}
        extra={<StrengthHint password={newPassword} />}
        dependencies={['oldPassword']}
        rules={[
          { required: true, message: LABELS.newPlaceholder },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => {
              if (!value) return Promise.resolve();
              if (!isStrongPassword(value)) return Promise.reject(new Error(LABELS.weak));
              if (value === getFieldValue('oldPassword')) return Promise.reject(new Error(LABELS.sameAsOld));
              return Promise.resolve();
            },
          }),
        ]}
      >
        <Input.Password
          placeholder={LABELS.newPlaceholder}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          data-testid="password-new"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={LABELS.confirm}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: LABELS.confirmPlaceholder },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(LABELS.differ)),
          }),
        ]}
      >
        <Input.Password
          placeholder={LABELS.confirmPlaceholder}
          maxLength={PASSWORD_MAX}
          autoComplete="new-password"
          data-testid="password-confirm"
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {signedOut !== null ? (
        <Alert
          type="success"
          showIcon
          title={LABELS.done}
          description={LABELS.othersSignedOut(signedOut)}
          style={{ marginBottom: 16 }}
          data-testid="password-done"
        />
      ) : null}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
        {LABELS.submit}
      </Button>
    </Form>
  );
}
