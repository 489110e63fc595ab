import { LockOutlined } from '@ant-design/icons';
import { FIELD_RULES } from './field-rules';
import { AUTH_LABELS } from './labels';
import { TextField } from './text-field';
import { useFormFields, type FormFields } from './use-form-fields';

type NewPasswordValues = { password: string; confirmPassword: string };

/** A new password typed twice, checked by the password rules (forgot password, must-change password). */
export function useNewPasswordForm(onEdit: () => void): FormFields<NewPasswordValues> {
  return useFormFields<NewPasswordValues>({
    initial: { password: '', confirmPassword: '' },
    checks: { password: FIELD_RULES.newPassword, confirmPassword: FIELD_RULES.confirmPassword },
    dependents: { password: ['confirmPassword'] },
    onEdit,
  });
}

export function NewPasswordFields({
  form,
  testIds,
}: {
  form: FormFields<NewPasswordValues>;
  testIds: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label={AUTH_LABELS.fields.newPassword}
        placeholder={AUTH_LABELS.placeholders.newPassword}
        icon={<LockOutlined />}
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.setValue('password', value)}
        extra={AUTH_LABELS.rules.passwordHint}
        password
        maxLength={64}
        autoComplete="new-password"
        testId={testIds.password}
      />
      <TextField
        label={AUTH_LABELS.fields.confirmPassword}
        placeholder={AUTH_LABELS.placeholders.confirmPassword}
        icon={<LockOutlined />}
        value={form.values.confirmPassword}
        error={form.errors.confirmPassword}
        onChange={(value) => form.setValue('confirmPassword', value)}
        password
        maxLength={64}
        autoComplete="new-password"
        testId={testIds.confirm}
      />
    </>
  );
}
