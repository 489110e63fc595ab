import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth-api';

/** A captcha is single-use: never reused from cache, refreshed on click and after a failed sign-in. */
export function useCaptcha() {
  return useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: authApi.captcha,
    staleTime: Infinity,
    gcTime: 0,
  });
}
