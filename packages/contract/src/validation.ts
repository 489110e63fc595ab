/** Mainland mobile number: 11 digits, starting 13 to 19 (spec 5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Landline: area code, hyphen, 5 to 14 digits (spec 5, store-info form). */
export const LANDLINE_PATTERN = /^0\d{2,3}-\d{5,14}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

/**
 * A code typed off a slip or a screen (an invoice number, a write-off code): the pattern it must match with the
 * message when it does not, its longest length, and whether it is all digits. The body schema and the form
 * field read the same one.
 */
export type CodeFormat = { pattern: RegExp; invalid: string; max: number; digits: boolean };
/** Passwords: 8 to 64 characters with at least three of lower case, upper case, digit and symbol. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export function passwordStrength(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && passwordStrength(password) >= 3
  );
}
