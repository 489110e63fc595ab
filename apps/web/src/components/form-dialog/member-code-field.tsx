import { Form, Input, Space, type FormInstance } from 'antd';
import type { ApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { MEMBER_CODE_LABELS as L } from '../labels';
import { SendCodeButton } from './send-code-button';

/** What every member-code send answers. */
type CodeSent = { phoneMasked: string; resendAfterSeconds: number };

/** A dialog's `serverField`: refusals about the member's code show under the code, the others above the form. */
export const memberCodeServerField = (error: ApiError) =>
  error.errorCode?.startsWith('SMS_CODE') || error.errorCode === 'MEMBER_CONFIRMATION_REQUIRED'
    ? 'memberCode'
    : null;

/**
 * 会员验证码 with 发送验证码, the form field `memberCode`: a member's points or money move only with the member's
 * consent, so the dialog texts the member a code naming what is spent and the clerk types the code the member
 * reads out. A refused send (no member chosen, too soon) shows under the field.
 */
export function MemberCodeField({
  form,
  send,
  requiredMessage,
  testId,
}: {
  form: FormInstance;
  send(): Promise<CodeSent>;
  requiredMessage: string;
  /** `<testId>-code` is the input, `<testId>-send` the button. */
  testId: string;
}) {
  return (
    <Form.Item label={L.code} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="memberCode" noStyle rules={[{ required: true, message: requiredMessage }]}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={L.codePlaceholder}
            data-testid={`${testId}-code`}
          />
        </Form.Item>
        <SendCodeButton
          send={async () => {
            const sent = await send();
            notify.success(L.sent(sent.phoneMasked));
            return sent.resendAfterSeconds;
          }}
          onRefused={(error) =>
            form.setFields([
              { name: 'memberCode', errors: [error instanceof Error ? error.message : String(error)] },
            ])
          }
          labels={L}
          testId={`${testId}-send`}
        />
      </Space.Compact>
    </Form.Item>
  );
}
