import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTagsStore, type TagView } from '../stores/tags-store';
import styles from './shell.module.css';
import { SHELL_LABELS } from './labels';
import { useCurrentView } from './use-current-view';

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/** How far one click on an arrow scrolls the tabs. */
const ARROW_SCROLL_PX = 240;

/** Whether the tabs overflow their strip (arrows then scroll it), and the active tab kept in view. */
function useTagsStrip(tagCount: number, currentPath: string | undefined) {
  const strip = useRef<HTMLElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [tagCount]);
  useEffect(() => {
    strip.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentPath]);
  const scroll = (direction: -1 | 1) =>
    strip.current?.scrollBy({ left: direction * ARROW_SCROLL_PX, behavior: 'smooth' });
  return { strip, overflowing, scroll };
}

function ScrollArrow({ direction, onClick }: { direction: -1 | 1; onClick: () => void }) {
  const left = direction < 0;
  return (
    <button
      type="button"
      className={styles.tagsArrow}
      aria-label={left ? SHELL_LABELS.scrollTagsLeft : SHELL_LABELS.scrollTagsRight}
      data-testid={left ? 'tags-scroll-left' : 'tags-scroll-right'}
      onClick={onClick}
    >
      {left ? <LeftOutlined /> : <RightOutlined />}
    </button>
  );
}

/** Spec 2.10, 4.7: visited pages as tabs with a right-click menu; affix tabs cannot be closed. */
export function TagsBar() {
  const views = useTagsStore((state) => state.visitedViews);
  const current = useCurrentView();
  const navigate = useNavigate();
  const currentPath = current?.path;
  const { strip, overflowing, scroll } = useTagsStrip(views.length, currentPath);

  /** Spec 2.10: after closing the active tab go to the last one left, or to / when none is. */
  const toLastView = (left: readonly TagView[]) => {
    const last = left.at(-1);
    void navigate(last ? last.fullPath : '/');
  };

  const run = (action: Action, view: TagView) => {
    const store = useTagsStore.getState();
    if (action === 'refresh') {
      store.refreshView(view.path);
      if (view.path !== currentPath) void navigate(view.fullPath);
    } else if (action === 'close') {
      if (view.affix) return;
      const left = store.delView(view.path);
      if (view.path === currentPath) toLastView(left);
    } else if (action === 'closeOthers') {
      store.delOthersViews(view.path);
      if (view.path !== currentPath) void navigate(view.fullPath);
    } else if (action === 'closeLeft' || action === 'closeRight') {
      const left = store.delSideViews(view.path, action === 'closeLeft' ? 'left' : 'right');
      if (!left.some((tag) => tag.path === currentPath)) void navigate(view.fullPath);
    } else {
      const left = store.delAllViews();
      if (!left.some((tag) => tag.path === currentPath)) toLastView(left);
    }
  };

  const menuFor = (view: TagView, index: number): MenuProps => ({
    items: [
      { key: 'refresh', label: SHELL_LABELS.refresh },
      { key: 'close', label: SHELL_LABELS.close, disabled: view.affix },
      { key: 'closeOthers', label: SHELL_LABELS.closeOthers },
      {
        key: 'closeLeft',
        label: SHELL_LABELS.closeLeft,
        disabled: views.slice(0, index).every((t) => t.affix),
      },
      {
        key: 'closeRight',
        label: SHELL_LABELS.closeRight,
        disabled: views.slice(index + 1).every((t) => t.affix),
      },
      { key: 'closeAll', label: SHELL_LABELS.closeAll },
    ],
    onClick: ({ key }) => run(key as Action, view),
  });

  return (
    <div className={styles.tagsRow}>
      {overflowing && <ScrollArrow direction={-1} onClick={() => scroll(-1)} />}
      <nav ref={strip} className={styles.tagsBar} aria-label={SHELL_LABELS.tags} data-testid="tags-bar">
        {views.map((view, index) => {
          const active = view.path === currentPath;
          return (
            <Dropdown key={view.path} menu={menuFor(view, index)} trigger={['contextMenu']}>
              <Link
                to={view.fullPath}
                className={active ? `${styles.tag} ${styles.tagActive}` : styles.tag}
                aria-current={active ? 'page' : undefined}
                data-testid="tag"
                data-path={view.path}
              >
                {view.title}
                {!view.affix && (
                  <CloseOutlined
                    className={styles.tagClose}
                    aria-label={SHELL_LABELS.close}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      run('close', view);
                    }}
                  />
                )}
              </Link>
            </Dropdown>
          );
        })}
      </nav>
      {overflowing && <ScrollArrow direction={1} onClick={() => scroll(1)} />}
    </div>
  );
}
