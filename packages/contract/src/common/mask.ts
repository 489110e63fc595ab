/**
 * Hides the middle of a number, keeping the first 3 and last 4 digits: '13800000001' → '138****0001'.
 * Only all-digit values of 8 or more digits are masked; anything else is returned unchanged, null becomes ''.
 */
export function maskPhone(phone: string | null | undefined): string {
  if (typeof phone !== 'string') return '';
  if (!/^\d{8,}$/.test(phone)) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}
