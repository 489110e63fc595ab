import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './login-controls.module.css';

type Tab<K extends string> = { key: K; label: string; testId: string; render: () => ReactNode };

/**
 * A tab strip (WAI-ARIA tabs: arrow keys, Home/End move and select). A panel is rendered once opened and kept
 * while hidden, so switching back keeps what was typed.
 */
export function LoginTabs<K extends string>({ tabs, initial }: { tabs: Tab<K>[]; initial: K }) {
  const id = useId();
  const [active, setActive] = useState(initial);
  const [opened, setOpened] = useState<K[]>([initial]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.key);
    setOpened((keys) => (keys.includes(tab.key) ? keys : [...keys, tab.key]));
    buttons.current[tabs.indexOf(tab)]?.focus();
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <>
      <div className={styles.tabList} role="tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs
        .filter((tab) => opened.includes(tab.key))
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${id}-panel-${tab.key}`}
            aria-labelledby={`${id}-tab-${tab.key}`}
            hidden={tab.key !== active}
          >
            {tab.render()}
          </div>
        ))}
    </>
  );
}
