import { randomInt } from 'node:crypto';

// No 0/O, 1/l/I: the administrator reads the password out or types it over.
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = UPPER + LOWER + DIGITS;
export const ONE_TIME_PASSWORD_LENGTH = 12;

/**
 * A random password for a new account or a reset (about 70 bits), with upper case, lower case and digits so it
 * passes the strength rule; shown once to the administrator, never stored or logged in the clear.
 */
export function newOneTimePassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS)];
  while (chars.length < ONE_TIME_PASSWORD_LENGTH) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
