import { ROLE_GROUP_OPTIONS_PAGE_MAX, roleEndpoints, type RoleShopGroup } from '@console/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useDeferredValue, useMemo, useState, type UIEvent } from 'react';
import { call } from '../../lib/http';
import { ROLES_LABELS } from './labels';

const PAGE_SIZE = ROLE_GROUP_OPTIONS_PAGE_MAX;
/** Pixels from the bottom of the open list at which the next page is asked for. */
const NEAR_BOTTOM = 48;

/**
 * The shop groups of a `groups` data scope: searched by name on the server, a page at a time as the list is
 * scrolled, so every group of a chain is reachable; only groups the caller may grant are offered. Chosen
 * groups keep their names (the role's own, or picked from an earlier search) when not on a loaded page.
 */
export function ShopGroupSelect({
  initial,
  value,
  onChange,
}: {
  initial: readonly RoleShopGroup[];
  value?: number[];
  onChange?: (value: number[]) => void;
}) {
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim());
  const [known, setKnown] = useState(() => new Map(initial.map((g) => [g.id, g.name])));
  const pages = useInfiniteQuery({
    queryKey: ['roles', 'shop-groups', keyword],
    queryFn: ({ pageParam, signal }) =>
      call(
        roleEndpoints.shopGroups,
        { keyword: keyword || null, pageNum: pageParam, pageSize: PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    staleTime: 30_000,
  });
  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.list) ?? [], [pages.data]);
  // Only what the search found is offered; a chosen group off those pages is named by `labelRender`.
  const options = useMemo(() => loaded.map((g) => ({ value: g.id, label: g.name })), [loaded]);

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight > NEAR_BOTTOM) return;
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      onChange={(ids: number[]) => {
        setKnown((before) => {
          const next = new Map(before);
          for (const group of loaded) if (ids.includes(group.id)) next.set(group.id, group.name);
          return next;
        });
        onChange?.(ids);
      }}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onBlur={() => setSearch('')}
      onPopupScroll={onPopupScroll}
      options={options}
      labelRender={({ value: id, label }) => label ?? known.get(Number(id)) ?? id}
      loading={pages.isFetching}
      notFoundContent={pages.isFetching ? <Spin size="small" /> : undefined}
      placeholder={ROLES_LABELS.scope.groupsPlaceholder}
      data-testid="role-shop-groups"
    />
  );
}
