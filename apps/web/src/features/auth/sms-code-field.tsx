import type { SmsSent } from '@console/contract';
import { SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { notify } from '../../lib/notify';
import { errorText } from './auth-api';
import { FIELD_RULES } from './field-rules';
import styles from './login-page.module.css';
import { AUTH_LABELS } from './labels';
import { useCountdown } from './use-countdown';

const DEFAULT_RESEND_SECONDS = 60;

type SmsCodeFieldProps = {
  phoneField: string;
  send: (phone: string) => Promise<SmsSent>;
  onError: (message: string | null) => void;
  inputTestId: string;
  sendTestId: string;
};

/** 短信验证码 input with 获取验证码 and its resend countdown; validates the form's phone field first. */
export function SmsCodeField({ phoneField, send, onError, inputTestId, sendTestId }: SmsCodeFieldProps) {
  const form = Form.useFormInstance();
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  async function sendCode() {
    try {
      await form.validateFields([phoneField]);
    } catch {
      return;
    }
    setSending(true);
    onError(null);
    try {
      const { resendAfterSeconds } = await send(String(form.getFieldValue(phoneField)));
      start(resendAfterSeconds > 0 ? resendAfterSeconds : DEFAULT_RESEND_SECONDS);
      notify.success(AUTH_LABELS.codeSent);
    } catch (error) {
      onError(errorText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Form.Item>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={FIELD_RULES.smsCode}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={AUTH_LABELS.placeholders.smsCode}
            aria-label={AUTH_LABELS.fields.smsCode}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            data-testid={inputTestId}
          />
        </Form.Item>
        <Button
          className={styles.sendButton}
          disabled={remaining > 0}
          loading={sending}
          onClick={() => void sendCode()}
          data-testid={sendTestId}
        >
          {remaining > 0 ? AUTH_LABELS.resendIn(remaining) : AUTH_LABELS.sendCode}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
