import { MOBILE_PATTERN, NICK_NAME_MAX, type Profile, type UpdateProfileBody } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { notify } from '../../lib/notify';
import { normalizePhone } from '../../lib/format/phone';
import { USER_LABELS } from './labels';
import { profileApi, profileKeys, refreshSessionUser } from './profile-api';
import { SaveError } from './save-error';

const LABELS = USER_LABELS.profile;

/** 基本资料: name and phone; Enter submits. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<UpdateProfileBody>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: UpdateProfileBody) =>
      profileApi.update({ nickName: values.nickName.trim(), phone: normalizePhone(values.phone) }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.profile, saved);
      await refreshSessionUser();
      notify.success(LABELS.saved);
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ nickName: profile.nickName, phone: profile.phone }}
      onFinish={(values) => save.mutate(values)}
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
      <SaveError error={save.error} />
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {LABELS.save}
      </Button>
    </Form>
  );
}
