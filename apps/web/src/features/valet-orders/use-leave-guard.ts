import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { notify } from '../../lib/notify';
import { VALET_LABELS } from './labels';

const L = VALET_LABELS.leave;

/** Asks before a half-filled flow is left: in-app navigation (a confirm dialog) and closing the tab. */
export function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void notify
      .confirm({ title: L.title, content: L.content, okText: L.ok, cancelText: L.stay })
      .then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
