import { useInfiniteQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useDeferredValue, useMemo, useState, type CSSProperties, type UIEvent } from 'react';

/** Pixels from the bottom of the open list at which the next page is asked for. */
const NEAR_BOTTOM = 48;

export type RemotePage<T> = { list: T[]; total: number; pageNum: number; pageSize: number };
export type RemoteOption<V extends string | number = number> = { value: V; label: string };

/** A search answered with one unpaged list (the server caps it) as the only page. */
export function onlyPage<T>(list: T[]): RemotePage<T> {
  return { list, total: list.length, pageNum: 1, pageSize: Math.max(list.length, 1) };
}

type Common<T, V extends string | number> = {
  /** The query key of the pages; the keyword is appended. */
  queryKey: readonly unknown[];
  /** One page of the choices matching `keyword` (null: all), in the server's order. */
  fetchPage: (keyword: string | null, pageNum: number, signal: AbortSignal) => Promise<RemotePage<T>>;
  optionOf: (item: T) => RemoteOption<V>;
  /** Names of chosen values that may not be on a loaded page (a record's own choice). */
  known?: readonly RemoteOption<V>[];
  enabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  className?: string;
  style?: CSSProperties;
  testId?: string;
};
type Single<V> = { mode?: undefined; value?: V | null; onChange?: (value: V | undefined) => void };
type Multiple<V> = {
  mode: 'multiple';
  value?: V[];
  onChange?: (value: V[]) => void;
  /** At most this many values may be chosen. */
  maxCount?: number;
};

/**
 * A select over a list too long to load at once (a chain's shop groups): searched on the server as the user
 * types, a page at a time as the list is scrolled, so every choice is reachable. A chosen value keeps its name
 * when it is not on a loaded page (from `known`, or from the page it was picked on).
 */
export function RemoteSelect<T, V extends string | number = number>(
  props: Common<T, V> & (Single<V> | Multiple<V>),
) {
  const { queryKey, fetchPage, optionOf, enabled = true } = props;
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const [picked, setPicked] = useState<ReadonlyMap<V, string>>(new Map());
  const pages = useInfiniteQuery({
    queryKey: [...queryKey, keyword],
    queryFn: ({ pageParam, signal }) => fetchPage(keyword || null, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });
  const options = useMemo(
    () => pages.data?.pages.flatMap((page) => page.list.map(optionOf)) ?? [],
    [pages.data, optionOf],
  );
  const names = useMemo(
    () => new Map([...(props.known ?? []).map((o) => [o.value, o.label] as const), ...picked]),
    [props.known, picked],
  );

  const remember = (ids: V[]) =>
    setPicked((before) => {
      const next = new Map(before);
      for (const option of options) if (ids.includes(option.value)) next.set(option.value, option.label);
      return next;
    });
  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight > NEAR_BOTTOM) return;
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };
  const shared = {
    allowClear: props.allowClear,
    className: props.className,
    style: props.style,
    placeholder: props.placeholder,
    showSearch: { filterOption: false, onSearch: setSearch, searchValue: search },
    onBlur: () => setSearch(''),
    onPopupScroll,
    options,
    labelRender: ({ value, label }: { value: string | number; label?: React.ReactNode }) =>
      label ?? names.get(value as V) ?? value,
    loading: pages.isFetching,
    notFoundContent: pages.isFetching ? <Spin size="small" /> : undefined,
    'data-testid': props.testId,
  };

  if (props.mode === 'multiple') {
    const { value, onChange } = props;
    return (
      <Select
        {...shared}
        mode="multiple"
        maxCount={props.maxCount}
        value={value}
        onChange={(ids: V[]) => {
          remember(ids);
          onChange?.(ids);
        }}
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Select
      {...shared}
      value={value ?? undefined}
      onChange={(id?: V) => {
        if (id !== undefined) remember([id]);
        onChange?.(id);
      }}
    />
  );
}
