import { NICK_NAME_MAX, type Profile, type UpdateProfileBody } from '@console/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { ChangePhoneDialog } from './change-phone-dialog';
import { USER_LABELS } from './labels';
import { profileApi, profileKeys, refreshSessionUser } from './profile-api';
import { SaveError } from './save-error';

const LABELS = USER_LABELS.profile;

/** 基本资料: the name (Enter submits); the phone changes through its own verified dialog. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<UpdateProfileBody>();
  const [changingPhone, setChangingPhone] = useState(false);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: UpdateProfileBody) => profileApi.update({ nickName: values.nickName.trim() }),
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
      initialValues={{ nickName: profile.nickName }}
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
      <Form.Item label={USER_LABELS.phone}>
        <Space>
          <span data-testid="profile-phone">{profile.phone || USER_LABELS.none}</span>
          <Button type="link" onClick={() => setChangingPhone(true)} data-testid="profile-change-phone">
            {LABELS.changePhone}
          </Button>
        </Space>
      </Form.Item>
      <SaveError error={save.error} />
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {LABELS.save}
      </Button>
      <ChangePhoneDialog open={changingPhone} onClose={() => setChangingPhone(false)} />
    </Form>
  );
}
