import type { LoginResult } from '@console/contract';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSessionStore } from '../../stores/session-store';
import { safeRedirect } from './safe-redirect';

/** Stores the session and goes where the user was heading, if that is a page of this site (spec 2.1, 4.1). */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return useCallback(
    (result: LoginResult) => {
      useSessionStore.getState().login(result);
      void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    },
    [navigate, searchParams],
  );
}
