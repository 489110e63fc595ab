import { changePhoneBodySchema, MOBILE_PATTERN, type ChangePhoneBody } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Space, type FormInstance } from 'antd';
import { SendCodeButton } from '../../components/form-dialog/send-code-button';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { isApiError } from '../../lib/http';
import { normalizePhone } from '../../lib/format/phone';
import { notify } from '../../lib/notify';
import { USER_LABELS } from './labels';
import { profileApi, profileKeys, refreshSessionUser } from './profile-api';

const L = USER_LABELS.changePhone;
type Values = ChangePhoneBody & { password: string };

/**
 * 更换手机号: the phone signs in and recovers the account, so a change needs the current password (checked
 * when the code is requested) and the code the new number receives; other sessions end (security.md).
 */
export function ChangePhoneDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const queryClient = useQueryClient();
  return (
    <FormDialog<Values>
      open={open}
      title={L.title}
      okText={L.ok}
      testId="change-phone"
      onClose={onClose}
      schema={changePhoneBodySchema}
      submit={async (values) => {
        const changed = await profileApi.changePhone({ phone: values.phone, code: values.code });
        queryClient.setQueryData(profileKeys.profile, changed.profile);
      }}
      doneText={L.done}
      onDone={() => void refreshSessionUser()}
      serverField={(error) => (error.errorCode?.startsWith('SMS_CODE') ? 'code' : null)}
    >
      {(form) => (
        <>
          <Alert type="info" showIcon message={L.hint} style={{ marginBottom: 16 }} />
          <Form.Item
            name="phone"
            label={L.newPhone}
            normalize={(value: string) => normalizePhone(value)}
            rules={[
              { required: true, message: USER_LABELS.profile.phonePlaceholder },
              { pattern: MOBILE_PATTERN, message: USER_LABELS.profile.invalidPhone },
            ]}
          >
            <Input inputMode="tel" maxLength={13} data-testid="change-phone-phone" />
          </Form.Item>
          <Form.Item
            name="password"
            label={L.password}
            rules={[{ required: true, message: L.passwordPlaceholder }]}
          >
            <Input.Password
              placeholder={L.passwordPlaceholder}
              autoComplete="current-password"
              data-testid="change-phone-password"
            />
          </Form.Item>
          <Form.Item label={L.code} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle>
                <Input
                  placeholder={L.codePlaceholder}
                  inputMode="numeric"
                  maxLength={6}
                  data-testid="change-phone-code"
                />
              </Form.Item>
              <SendPhoneCodeButton form={form} />
            </Space.Compact>
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** Checks the password and texts the new number; a refusal shows under the field it is about. */
function SendPhoneCodeButton({ form }: { form: FormInstance<Values> }) {
  const send = async () => {
    const { phone, password } = await form.validateFields(['phone', 'password']).catch(() => ({
      phone: null,
      password: null,
    }));
    if (!phone || !password) return null;
    const sent = await profileApi.sendPhoneCode({ phone, password });
    notify.success(L.sent);
    return sent.resendAfterSeconds;
  };
  const onRefused = (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const field = isApiError(error) && error.errorCode === 'OLD_PASSWORD_WRONG' ? 'password' : 'phone';
    form.setFields([{ name: field, errors: [message] }]);
  };
  return <SendCodeButton send={send} onRefused={onRefused} labels={L} testId="change-phone-send" />;
}
