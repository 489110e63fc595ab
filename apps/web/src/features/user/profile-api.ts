import {
  AUTH_PATHS,
  PROFILE_PATHS,
  type AvatarUpdated,
  type PasswordChanged,
  type Profile,
  type UpdatePasswordBody,
  type UpdateProfileBody,
  type UserInfo,
} from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useSessionStore } from '../../stores/session-store';

export const profileKeys = { profile: ['user', 'profile'] as const };

/** Forms show their errors inline. */
const inline = { flags: { silent: true } } as const;

export const profileApi = {
  profile: (signal?: AbortSignal) => http.get<Profile>(PROFILE_PATHS.profile, { signal }),
  update: (body: UpdateProfileBody) => http.put<Profile>(PROFILE_PATHS.profile, body, inline),
  changePassword: (body: UpdatePasswordBody) =>
    http.post<PasswordChanged>(PROFILE_PATHS.updatePassword, body, inline),
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
  const info = await http.get<UserInfo>(AUTH_PATHS.info, { flags: { silent: true } });
  useSessionStore.getState().setUserInfo(info);
}
