import { useCallback, useState } from 'react';
import { useSessionStore } from '../../stores/session-store';

export type Density = 'large' | 'middle' | 'small';
export type ListPrefs = { density: Density; hidden: string[] };

const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];
const prefsKey = (userId: string, list: string) => `list-prefs:${userId || 'anonymous'}:${list}`;

/** A list's remembered settings; anything unreadable is the default (default density, default columns). */
export function readListPrefs(userId: string, list: string, defaults: ListPrefs): ListPrefs {
  try {
    const saved = JSON.parse(
      localStorage.getItem(prefsKey(userId, list)) ?? 'null',
    ) as Partial<ListPrefs> | null;
    if (!saved || typeof saved !== 'object') return defaults;
    return {
      density: DENSITIES.includes(saved.density as Density) ? (saved.density as Density) : defaults.density,
      hidden: Array.isArray(saved.hidden)
        ? saved.hidden.filter((key) => typeof key === 'string')
        : defaults.hidden,
    };
  } catch {
    return defaults;
  }
}

/** Density and hidden columns of one list, remembered per user (two people may share a counter PC). */
export function useListPrefs(list: string, defaults: ListPrefs) {
  const userId = useSessionStore((state) => String(state.user?.id ?? ''));
  const [prefs, setPrefs] = useState(() => readListPrefs(userId, list, defaults));
  const update = useCallback(
    (patch: Partial<ListPrefs> | null) => {
      setPrefs((current) => {
        const next = patch ? { ...current, ...patch } : defaults;
        if (patch) localStorage.setItem(prefsKey(userId, list), JSON.stringify(next));
        else localStorage.removeItem(prefsKey(userId, list));
        return next;
      });
    },
    [userId, list, defaults],
  );
  return [prefs, update] as const;
}
