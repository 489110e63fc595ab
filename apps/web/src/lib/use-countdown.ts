import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left before a code may be requested again. Counts against the clock, not timer ticks, so a
 * throttled background tab still ends on time.
 */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const start = useCallback((seconds: number) => {
    window.clearInterval(timer.current);
    const endsAt = Date.now() + seconds * 1000;
    setRemaining(seconds);
    timer.current = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) window.clearInterval(timer.current);
    }, 250);
  }, []);

  useEffect(() => () => window.clearInterval(timer.current), []);

  return { remaining, start };
}
