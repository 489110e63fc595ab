import { ROLE_GROUP_OPTIONS_PAGE_MAX, roleEndpoints, type RoleShopGroup } from '@console/contract';
import { useMemo } from 'react';
import { RemoteSelect } from '../../components/remote-select';
import { call } from '../../lib/http';
import { ROLES_LABELS } from './labels';

const groupOption = (group: RoleShopGroup) => ({ value: group.id, label: group.name });

/**
 * The shop groups of a `groups` data scope: every group of a chain is reachable by search and scrolling; only
 * groups the caller may grant are offered; the role's own groups keep their names.
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
  const known = useMemo(() => initial.map(groupOption), [initial]);
  return (
    <RemoteSelect
      mode="multiple"
      allowClear
      queryKey={['roles', 'shop-groups']}
      fetchPage={(keyword, pageNum, signal) =>
        call(
          roleEndpoints.shopGroups,
          { keyword, pageNum, pageSize: ROLE_GROUP_OPTIONS_PAGE_MAX },
          { signal },
        )
      }
      optionOf={groupOption}
      known={known}
      value={value}
      onChange={onChange}
      placeholder={ROLES_LABELS.scope.groupsPlaceholder}
      testId="role-shop-groups"
    />
  );
}
