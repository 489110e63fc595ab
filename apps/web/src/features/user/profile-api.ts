import {
  PROFILE_PATHS,
  authEndpoints,
  profileEndpoints,
  type AvatarUpdated,
  type ChangePhoneBody,
  type PhoneChanged,
  type PhoneCodeBody,
  type PasswordChanged,
  type Profile,
  type UpdatePasswordBody,
  type UpdateProfileBody,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { call, http } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';

export const profileKeys = { profile: ['user', 'profile'] as const };

/** Forms show their errors inline. */
const inline = { flags: { silent: true } } as const;

export const profileApi = {
  profile: (signal?: AbortSignal): Promise<Profile> => call(profileEndpoints.profile, {}, { signal }),
  update: (body: UpdateProfileBody): Promise<Profile> => call(profileEndpoints.updateProfile, body, inline),
  changePassword: (body: UpdatePasswordBody): Promise<PasswordChanged> =>
    call(profileEndpoints.updatePassword, body, inline),
  sendPhoneCode: (body: PhoneCodeBody) => call(profileEndpoints.phoneCode, body, inline),
  changePhone: (body: ChangePhoneBody): Promise<PhoneChanged> =>
    call(profileEndpoints.changePhone, body, inline),
  /** A multipart form: straight through `http` (call() sends JSON). */
  uploadAvatar(file: File): Promise<AvatarUpdated> {
    const form = new FormData();
    form.append('file', file);
    return http.post<AvatarUpdated>(PROFILE_PATHS.updateAvatar, form, { ...inline, timeout: 60_000 });
  },
};

export function useProfile() {
  return useQuery({ queryKey: profileKeys.profile, queryFn: ({ signal }) => profileApi.profile(signal) });
}

/** The header reads the session store, so refresh it from the server after a change. */
export async function refreshSessionUser(): Promise<void> {
  const info = await call(authEndpoints.info, {}, { flags: { silent: true } });
  useSessionStore.getState().setUserInfo(info);
}
