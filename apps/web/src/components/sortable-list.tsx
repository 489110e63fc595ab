import { HolderOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

type Props<T> = {
  items: readonly T[];
  keyOf(item: T): number | string;
  /** The row's content, beside its handle. */
  render(item: T): ReactNode;
  /** Called with the whole new order after a drop or an arrow key. */
  onMove(next: T[]): void;
  /** Without the right to sort: no handles, no dragging. */
  disabled?: boolean;
  /** The handle's accessible name (e.g. `拖动排序：生活周边，可用上下方向键移动`). */
  handleLabel(item: T): string;
  testId: string;
};

/**
 * A list sorted by hand: drag a row by its handle and drop it on another, or focus the handle and press ↑ / ↓
 * (the handle keeps the focus as its row moves). The new order shows at once; `onMove` saves it.
 */
export function SortableList<T>({ items, keyOf, render, onMove, disabled, handleLabel, testId }: Props<T>) {
  // The order shown: the caller's until the user moves a row, then theirs until the caller's items change.
  const [shown, setShown] = useState<{ source: readonly T[]; order: readonly T[] }>({
    source: items,
    order: items,
  });
  const order = shown.source === items ? shown.order : items;
  const setOrder = (next: readonly T[]) => setShown({ source: items, order: next });
  const [dragged, setDragged] = useState<number | null>(null);
  const handles = useRef(new Map<number | string, HTMLElement | null>());
  const [focusKey, setFocusKey] = useState<number | string | null>(null);

  useEffect(() => {
    if (focusKey !== null) handles.current.get(focusKey)?.focus();
  }, [focusKey, order]);

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    setOrder(next);
    onMove(next);
  };
  const onKey = (index: number) => (event: KeyboardEvent) => {
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    setFocusKey(keyOf(order[index] as T));
    move(index, index + step);
  };

  return (
    <ul data-testid={testId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {order.map((item, index) => {
        const key = keyOf(item);
        return (
          <li
            key={key}
            data-testid={`${testId}-item`}
            draggable={!disabled}
            onDragStart={() => setDragged(index)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 0',
              borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
              opacity: dragged === index ? 0.5 : 1,
            }}
          >
            {disabled ? null : (
              <Button
                type="text"
                size="small"
                icon={<HolderOutlined />}
                aria-label={handleLabel(item)}
                data-testid={`${testId}-handle`}
                ref={(element) => {
                  handles.current.set(key, element);
                }}
                onKeyDown={onKey(index)}
                style={{ cursor: 'grab' }}
              />
            )}
            <div style={{ flex: 1, minWidth: 0 }}>{render(item)}</div>
          </li>
        );
      })}
    </ul>
  );
}
