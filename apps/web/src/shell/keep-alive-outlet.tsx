import { Activity, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import {
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
} from 'react-router';
import { useTagsStore } from '../stores/tags-store';
import styles from './shell.module.css';
import { useCurrentView } from './use-current-view';

/** A page kept alive: the outlet element it was rendered with and the location it belongs to. */
type Pane = { element: ReactNode; location: Location };

/**
 * One scroll container per page: it keeps its scroll offset across being hidden and shown again.
 * Inside `<Activity>` layout effects re-run when the page is revealed.
 */
function PaneScroll({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const offset = useRef(0);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = offset.current;
  }, []);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    offset.current = event.currentTarget.scrollTop;
  };
  return (
    <div ref={ref} className={styles.pane} onScroll={onScroll} data-testid="page-pane">
      <div className={styles.page}>{children}</div>
      {footer}
    </div>
  );
}

/**
 * Spec 4.7 and DESIGN 4 "Tabs": the frame's outlet, keeping the page of every open cacheable tab mounted
 * (hidden with `<Activity>`), so filters, scroll and form input survive tab switches. A hidden page still
 * sees its own location (its URL filters), not the visible page's. 刷新 remounts one page (its key is
 * bumped); no-cache pages are never kept.
 */
export function KeepAliveOutlet({ footer }: { footer: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useCurrentView();
  const views = useTagsStore((state) => state.visitedViews);
  const refreshKeys = useTagsStore((state) => state.refreshKeys);
  const [panes, setPanes] = useState<ReadonlyMap<string, Pane>>(new Map());

  const cacheable = current !== null && !current.noCache;
  const open = new Set(views.filter((view) => !view.noCache).map((view) => view.path));
  // Remember the outlet of the current page once per navigation (React's "adjust state while rendering").
  if (cacheable && panes.get(current.path)?.location.key !== location.key) {
    const next = new Map([...panes].filter(([path]) => open.has(path) && path !== current.path));
    next.set(current.path, { element: outlet, location });
    setPanes(next);
  }

  const shown = [...panes].filter(([path]) => open.has(path) || path === current?.path);
  const paneKey = (path: string) => `${path}#${refreshKeys[path] ?? 0}`;
  return (
    <>
      {shown.map(([path, pane]) => {
        const visible = path === current?.path && cacheable;
        return (
          <Activity key={paneKey(path)} mode={visible ? 'visible' : 'hidden'}>
            <UNSAFE_LocationContext.Provider value={{ location: pane.location, navigationType }}>
              <PaneScroll footer={footer}>{visible ? outlet : pane.element}</PaneScroll>
            </UNSAFE_LocationContext.Provider>
          </Activity>
        );
      })}
      {!cacheable && (
        <PaneScroll key={paneKey(current?.path ?? location.pathname)} footer={footer}>
          {outlet}
        </PaneScroll>
      )}
    </>
  );
}
