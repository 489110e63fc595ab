import { dictEndpoints, type DictOption } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from './http';

/** Every `useDict` query starts with this key; 数据字典 invalidates it after a change. */
export const DICT_OPTIONS_KEY = ['dict-options'] as const;
/** Dictionaries change rarely: read once per half hour at most (a change made here invalidates at once). */
const DICT_STALE_MS = 30 * 60_000;

export type DictLookup = {
  /** The enabled items in order, as select options (`{ label, value }`). */
  options: DictOption[];
  /** A stored value's label; the value itself when the dictionary has no such item (or is not loaded yet). */
  labelOf(value: string | null | undefined): string;
  isLoading: boolean;
};

/** A data dictionary (数据字典) by code: select options and a label lookup for stored values. */
export function useDict(code: string): DictLookup {
  const query = useQuery({
    queryKey: [...DICT_OPTIONS_KEY, code],
    queryFn: ({ signal }) => call(dictEndpoints.options, { code }, { signal, flags: { silent: true } }),
    staleTime: DICT_STALE_MS,
    retry: false,
  });
  const options = useMemo(() => query.data?.items ?? [], [query.data]);
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const labelOf = useCallback(
    (value: string | null | undefined) => (value ? (labels.get(value) ?? value) : '-'),
    [labels],
  );
  return { options, labelOf, isLoading: query.isLoading };
}
