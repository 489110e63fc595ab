import type { PasswordStatus } from '@console/contract';

/** A password older than this must be changed. */
export const PASSWORD_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

export function passwordStatusOf(
  user: { mustChangePassword: boolean; passwordChangedAt: Date },
  now: Date,
): PasswordStatus {
  if (user.mustChangePassword) return { mustChange: true, reason: 'initial' };
  if (now.getTime() - user.passwordChangedAt.getTime() > PASSWORD_MAX_AGE_MS)
    return { mustChange: true, reason: 'expired' };
  return { mustChange: false, reason: null };
}
