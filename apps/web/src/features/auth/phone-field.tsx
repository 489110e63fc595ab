import { MobileOutlined } from '@ant-design/icons';
import { normalizePhone } from './field-rules';
import { AUTH_LABELS } from './labels';
import { TextField } from './text-field';
import type { FormFields } from './use-form-fields';

/** The mobile-number field of the code sign-in and the forgot-password flow; the form field is `phone`. */
export function PhoneField({ form, testId }: { form: FormFields<{ phone: string }>; testId: string }) {
  return (
    <TextField
      label={AUTH_LABELS.fields.phone}
      placeholder={AUTH_LABELS.placeholders.phone}
      icon={<MobileOutlined />}
      value={form.values.phone}
      error={form.errors.phone}
      onChange={(value) => form.setValue('phone', normalizePhone(value))}
      maxLength={13}
      inputMode="tel"
      autoComplete="tel"
      testId={testId}
    />
  );
}
