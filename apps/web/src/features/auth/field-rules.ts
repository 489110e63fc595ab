import { isStrongPassword, MOBILE_PATTERN, SMS_CODE_PATTERN } from '@console/contract';
import { normalizePhone } from '../../lib/format/phone';
import { AUTH_LABELS } from './labels';
import type { FieldCheck } from './use-form-fields';

const { placeholders, rules } = AUTH_LABELS;

const required =
  (message: string, { whitespace = false } = {}): FieldCheck =>
  (value) =>
    (whitespace ? value.trim() : value) ? null : message;

/** Like a pattern rule: an empty value is left to `required`. */
const matches =
  (pattern: RegExp, message: string): FieldCheck =>
  (value) =>
    !value || pattern.test(value) ? null : message;

/** Client-side checks mirroring the contract's; the server validates again. */
export const FIELD_RULES = {
  username: [required(placeholders.username, { whitespace: true })],
  password: [required(placeholders.password)],
  captcha: [required(placeholders.captcha, { whitespace: true })],
  phone: [required(placeholders.phone), matches(MOBILE_PATTERN, rules.invalidPhone)],
  smsCode: [required(placeholders.smsCode), matches(SMS_CODE_PATTERN, rules.invalidSmsCode)],
  newPassword: [
    required(placeholders.newPassword),
    (value) => (!value || isStrongPassword(value) ? null : rules.weakPassword),
  ],
  confirmPassword: [
    required(placeholders.confirmPassword),
    (value, values) => (!value || values.password === value ? null : rules.passwordsDiffer),
  ],
} satisfies Record<string, FieldCheck[]>;

export { normalizePhone };
