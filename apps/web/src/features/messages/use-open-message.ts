import type { Message } from '@console/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The open flow (spec 4.5) bound to the router. Its code (targets, catalogue, retries) loads on the first
 * opening, so the bell in the shell chunk stays small.
 */
export function useOpenMessage(): (message: Message) => Promise<boolean> {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  return useCallback(
    async (message: Message) => {
      const { openMessage } = await import('./open-message');
      return openMessage(message, { navigate, currentPath: pathRef.current });
    },
    [navigate],
  );
}
