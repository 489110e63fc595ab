import type { SmsSent } from '@console/contract';
import { SafetyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { errorText } from './auth-api';
import controls from './login-controls.module.css';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';
import { TextField } from './text-field';
import type { FormFields } from './use-form-fields';
import { useCountdown } from '../../lib/use-countdown';

const DEFAULT_RESEND_SECONDS = 60;

type SmsCodeFieldProps = {
  form: FormFields<{ phone: string; code: string }>;
  send: (phone: string) => Promise<SmsSent>;
  onError: (message: string | null) => void;
  inputTestId: string;
  sendTestId: string;
};

/** 短信验证码 input with 获取验证码 and its resend countdown; checks the form's phone field first. */
export function SmsCodeField({ form, send, onError, inputTestId, sendTestId }: SmsCodeFieldProps) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function sendCode() {
    if (!form.validate(['phone'])) return;
    setSending(true);
    onError(null);
    try {
      const { resendAfterSeconds } = await send(form.values.phone);
      start(resendAfterSeconds > 0 ? resendAfterSeconds : DEFAULT_RESEND_SECONDS);
      notify.success(AUTH_LABELS.codeSent);
    } catch (error) {
      onError(errorText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <TextField
      label={AUTH_LABELS.fields.smsCode}
      placeholder={AUTH_LABELS.placeholders.smsCode}
      icon={<SafetyOutlined />}
      value={form.values.code}
      error={form.errors.code}
      onChange={(value) => form.setValue('code', value)}
      maxLength={6}
      inputMode="numeric"
      autoComplete="one-time-code"
      testId={inputTestId}
      joined
      addon={
        <Button
          size="large"
          className={`${styles.sendButton} ${controls.joinedButton}`}
          disabled={remaining > 0}
          loading={sending}
          onClick={() => void sendCode()}
          data-testid={sendTestId}
        >
          {remaining > 0 ? AUTH_LABELS.resendIn(remaining) : AUTH_LABELS.sendCode}
        </Button>
      }
    />
  );
}
