/** Mainland resident ID: 18 characters (17 digits + check digit or X) or the old 15 digits. */
const ID_18 = /^\d{17}[\dX]$/;
const ID_15 = /^\d{15}$/;

/** Weights and check characters of GB 11643-1999 (ISO 7064 MOD 11-2). */
const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CODES = '10X98765432';

export type Gender = '男' | '女';

type IdCardInput = string | null | undefined;

interface BirthDate {
  year: number;
  month: number;
  day: number;
}

interface ParsedIdCard {
  birth: BirthDate;
  /** The sequence digit whose parity gives the gender. */
  genderDigit: number;
}

function isRealDate({ year, month, day }: BirthDate): boolean {
  const date = new Date(2000, month - 1, day);
  date.setFullYear(year);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/** Structure and a real birth date; the 18-digit check digit is left to {@link isValidIdCard}. */
function parseIdCard(input: IdCardInput): ParsedIdCard | null {
  if (typeof input !== 'string') return null;
  const id = input.trim().toUpperCase();
  const isNew = ID_18.test(id);
  if (!isNew && !ID_15.test(id)) return null;
  // 15-digit cards were issued to people born in the 1900s and write the year with two digits.
  const birthText = isNew ? id.slice(6, 14) : `19${id.slice(6, 12)}`;
  const birth = {
    year: Number(birthText.slice(0, 4)),
    month: Number(birthText.slice(4, 6)),
    day: Number(birthText.slice(6, 8)),
  };
  if (!isRealDate(birth)) return null;
  return { birth, genderDigit: Number(id[isNew ? 16 : 14]) };
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Birth date as 'YYYY-MM-DD' (a plain calendar date, so no time zone applies), or null if invalid. */
export function birthDateFromIdCard(id: IdCardInput): string | null {
  const parsed = parseIdCard(id);
  if (parsed === null) return null;
  const { year, month, day } = parsed.birth;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Full years of age on `now`'s local calendar date; the count goes up on the birthday itself
 * (29 February birthdays on 1 March in other years). Null if invalid or born after `now`.
 */
export function ageFromIdCard(id: IdCardInput, now: Date = new Date()): number | null {
  const parsed = parseIdCard(id);
  if (parsed === null || Number.isNaN(now.getTime())) return null;
  const { year, month, day } = parsed.birth;
  const hadBirthday = now.getMonth() + 1 > month || (now.getMonth() + 1 === month && now.getDate() >= day);
  const age = now.getFullYear() - year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : null;
}

/** 男 for an odd sequence digit, 女 for an even one (17th of 18, 15th of 15), or null if invalid. */
export function genderFromIdCard(id: IdCardInput): Gender | null {
  const parsed = parseIdCard(id);
  if (parsed === null) return null;
  return parsed.genderDigit % 2 === 1 ? '男' : '女';
}

/** Full check: structure, real birth date and, for 18-character numbers, the check character. */
export function isValidIdCard(id: IdCardInput): boolean {
  if (parseIdCard(id) === null || typeof id !== 'string') return false;
  const normalized = id.trim().toUpperCase();
  if (normalized.length === 15) return true;
  const sum = CHECK_WEIGHTS.reduce((total, weight, index) => total + weight * Number(normalized[index]), 0);
  return CHECK_CODES[sum % 11] === normalized[17];
}
