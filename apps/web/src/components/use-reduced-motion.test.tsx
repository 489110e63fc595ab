import '../test/dom';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../app/theme';
import { useReducedMotion } from './use-reduced-motion';

/** A system setting for prefers-reduced-motion that the test can change while the hook listens. */
function systemMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const setting = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && setting.reduce;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    change(next: boolean) {
      setting.reduce = next;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('useReducedMotion', () => {
  it('follows the system setting as it changes, and stops listening when unmounted', () => {
    const setting = systemMotionSetting(false);
    const { result, unmount } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);

    act(() => setting.change(true));
    expect(result.current).toBe(true);

    unmount();
    expect(setting.listenerCount()).toBe(0);
  });

  it('is true from the first render when the system asks for less motion', () => {
    systemMotionSetting(true);
    expect(renderHook(() => useReducedMotion()).result.current).toBe(true);
  });
});

describe('buildTheme', () => {
  it('turns antd motion off only when asked', () => {
    expect(buildTheme('#ff2f28').token?.motion).toBe(true);
    expect(buildTheme('#ff2f28', { motion: false }).token?.motion).toBe(false);
  });
});
