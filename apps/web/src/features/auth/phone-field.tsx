import { MobileOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { FIELD_RULES, normalizePhone } from './field-rules';
import { AUTH_LABELS } from './labels';

/** The mobile-number field of the code sign-in and the forgot-password flow; the form field is `phone`. */
export function PhoneField({ testId }: { testId: string }) {
  return (
    <Form.Item name="phone" rules={FIELD_RULES.phone} normalize={normalizePhone}>
      <Input
        prefix={<MobileOutlined />}
        placeholder={AUTH_LABELS.placeholders.phone}
        aria-label={AUTH_LABELS.fields.phone}
        maxLength={13}
        inputMode="tel"
        autoComplete="tel"
        data-testid={testId}
      />
    </Form.Item>
  );
}
