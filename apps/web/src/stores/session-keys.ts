import type { SessionUser } from '@console/contract';

/** The spec's key, misspelling included (spec 3, 9): other tools of the platform read it. */
export const TOKEN_KEY = 'EL-ADMIN-TOEKN';

/** Where each user field is kept in localStorage (spec 3). */
export const USER_STORAGE_KEYS = {
  id: 'userId',
  username: 'userName',
  nickName: 'nickName',
  workCode: 'workCode',
  phone: 'phone',
  avatarPath: 'avatarPath',
} as const satisfies Record<keyof SessionUser, string>;
