/** Mainland mobile number: 11 digits, 1 then 3–9. */
const MOBILE = /^1[3-9]\d{9}$/;
/** Landline: area code (0 and 2–3 digits), hyphen, 5 to 14 digits, e.g. 010-12345678, 0755-1234567. */
const LANDLINE = /^0\d{2,3}-\d{5,14}$/;

type PhoneInput = string | null | undefined;

/** Strict mainland mobile check. Whitespace is not trimmed: a value that fails here fails the API too. */
export function isMobile(value: PhoneInput): boolean {
  return typeof value === 'string' && MOBILE.test(value);
}

/**
 * The spec's looser check: at least 11 characters and a second character of 3–9. Nothing else is
 * checked, so prefer {@link isMobile} for validating input.
 */
export function isMobileLoose(value: PhoneInput): boolean {
  return typeof value === 'string' && value.length >= 11 && /^.[3-9]/u.test(value);
}

export function isLandline(value: PhoneInput): boolean {
  return typeof value === 'string' && LANDLINE.test(value);
}

/** Store contact phone rule (spec 5): a landline or a strict mobile number. */
export function isContactPhone(value: PhoneInput): boolean {
  return isLandline(value) || isMobile(value);
}

/**
 * Hides the middle of a number, keeping the first 3 and last 4 digits: '13800000001' → '138****0001'.
 * Only all-digit values of 8 or more digits are masked; anything else (short, landline with a
 * hyphen, already masked) is returned unchanged, and null or undefined becomes ''.
 */
export function maskPhone(phone: PhoneInput): string {
  if (typeof phone !== 'string') return '';
  if (!/^\d{8,}$/.test(phone)) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/** Phone numbers are often pasted with spaces or dashes. */
export function normalizePhone(value: string | undefined): string {
  return (value ?? '').replace(/[\s-]/g, '');
}
