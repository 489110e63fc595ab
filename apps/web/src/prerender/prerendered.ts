import { useLayoutEffect } from 'react';

/** The element holding a page the server sent prerendered (apps/web/prerender.ts), over the app's root. */
export const PRERENDERED_ID = 'prerendered';

/** Takes the prerendered picture of the page away once the router shows the real one (or another page). */
export function useReplacePrerendered(): void {
  useLayoutEffect(() => {
    document.getElementById(PRERENDERED_ID)?.remove();
  }, []);
}
