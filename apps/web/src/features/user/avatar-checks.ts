import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '@console/contract';
import { USER_LABELS } from './labels';

/**
 * The reason an avatar file is refused before upload, or null when it may go. The browser's type comes from
 * the file name, so the server checks the bytes again; this only saves a clerk a pointless upload.
 */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return USER_LABELS.avatar.wrongType;
  if (file.size > AVATAR_MAX_BYTES) return USER_LABELS.avatar.tooLarge;
  return null;
}

/** Strength of a new password for the hint: 0 weak, 1 medium, 2 strong, null while empty. */
export function strengthLevel(password: string, classes: number): 0 | 1 | 2 | null {
  if (!password) return null;
  if (password.length < 8 || classes < 3) return 0;
  return classes === 4 && password.length >= 12 ? 2 : 1;
}
