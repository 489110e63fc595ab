import { isStrongPassword, MOBILE_PATTERN, SMS_CODE_PATTERN } from '@console/contract';
import type { FormRule } from 'antd';
import { AUTH_LABELS } from './labels';

const { placeholders, rules } = AUTH_LABELS;

/** Client-side checks mirroring the contract's; the server validates again. */
export const FIELD_RULES = {
  username: [{ required: true, whitespace: true, message: placeholders.username }],
  password: [{ required: true, message: placeholders.password }],
  captcha: [{ required: true, whitespace: true, message: placeholders.captcha }],
  phone: [
    { required: true, message: placeholders.phone },
    { pattern: MOBILE_PATTERN, message: rules.invalidPhone },
  ],
  smsCode: [
    { required: true, message: placeholders.smsCode },
    { pattern: SMS_CODE_PATTERN, message: rules.invalidSmsCode },
  ],
  newPassword: [
    { required: true, message: placeholders.newPassword },
    {
      validator: (_, value: string | undefined) =>
        !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(rules.weakPassword)),
    },
  ],
  confirmPassword: [
    { required: true, message: placeholders.confirmPassword },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || getFieldValue('password') === value
          ? Promise.resolve()
          : Promise.reject(new Error(rules.passwordsDiffer)),
    }),
  ],
} satisfies Record<string, FormRule[]>;

/** Phone numbers are often pasted with spaces or dashes. */
export function normalizePhone(value: string | undefined): string {
  return (value ?? '').replace(/[\s-]/g, '');
}
