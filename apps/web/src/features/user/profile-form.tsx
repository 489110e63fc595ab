import { MOBILE_PATTERN, NICK_NAME_MAX, type Profile, type UpdateProfileBody } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { errorText } from '../../lib/http/errors';
import { normalizePhone } from '../../lib/format/phone';
import { USER_LABELS } from './labels';
import { profileApi, profileKeys, refreshSessionUser } from './profile-api';

const LABELS = USER_LABELS.profile;

/** 基本资料: name and phone; Enter submits. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<UpdateProfileBody>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: UpdateProfileBody) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await profileApi.update({
        nickName: values.nickName.trim(),
        phone: normalizePhone(values.phone),
      });
      queryClient.setQueryData(profileKeys.profile, saved);
      await refreshSessionUser();
      notify.success(LABELS.saved);
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
      initialValues={{ nickName: profile.nickName, phone: profile.phone }}
      onFinish={(values) => void submit(values)}
      className="profile-form"
      data-testid="profile-form"
    >
      <Form.Item
        name="nickName"
        label={USER_LABELS.nickName}
        rules={[
          { required: true, whitespace: true, message: LABELS.nickNamePlaceholder },
          { max: NICK_NAME_MAX, message: LABELS.nickNameTooLong(NICK_NAME_MAX) },
        ]}
      >
        <Input
          placeholder={LABELS.nickNamePlaceholder}
          maxLength={NICK_NAME_MAX}
          data-testid="profile-nickname"
        />
      </Form.Item>
      <Form.Item
        name="phone"
        label={USER_LABELS.phone}
        normalize={(value: string) => normalizePhone(value)}
        rules={[
          { required: true, message: LABELS.phonePlaceholder },
          { pattern: MOBILE_PATTERN, message: LABELS.invalidPhone },
        ]}
      >
        <Input
          placeholder={LABELS.phonePlaceholder}
          inputMode="tel"
          maxLength={13}
          data-testid="profile-phone"
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
        {LABELS.save}
      </Button>
    </Form>
  );
}
