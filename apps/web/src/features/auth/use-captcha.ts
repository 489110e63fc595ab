import type { CaptchaLevel } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth-api';

/**
 * A captcha is single-use: never reused from cache, refreshed on click and after a failed sign-in. The `hard`
 * level is what the server asks for (CAPTCHA_HARDER) once an account has failed often.
 */
export function useCaptcha(level: CaptchaLevel = 'normal') {
  return useQuery({
    queryKey: ['auth', 'captcha', level],
    queryFn: () => authApi.captcha(level),
    staleTime: Infinity,
    gcTime: 0,
  });
}
