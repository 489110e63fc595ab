import { DATA_SCOPE_TEXT, roleEndpoints, type RoleRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import { KeywordFilters } from '../../components/list/list-filters';
import type { RowAction } from '../../components/list/row-actions';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { ROLES_LABELS } from './labels';
import { RoleDialog, type RoleDialogState } from './role-dialog';
import { useRefresh } from '../../lib/use-refresh';

const L = ROLES_LABELS;
const T = L.columns;
export const roleKeys = {
  page: ['roles-admin', 'page'] as const,
  tree: ['roles-admin', 'menu-tree'] as const,
};

export const rolesUrlShape = {
  keyword: urlField.keyword(50),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50], 20),
};

const SCOPE_COLORS = { all: 'gold', groups: 'blue' };

const COLUMNS: ListColumn<RoleRow>[] = [
  column.key('name', T.name, () => null, {
    width: 160,
    sub: (row) =>
      row.editable ? null : (
        <Tooltip title={L.readOnlyHint}>
          <Tag data-testid="role-read-only">{L.readOnly}</Tag>
        </Tooltip>
      ),
  }),
  column.text('permission', T.permission, { width: 130 }),
  column.remark('description', T.description, { width: 200 }),
  column.status<RoleRow>('dataScope', T.dataScope, dataScopeText, SCOPE_COLORS, {
    width: 170,
    testId: 'role-data-scope-text',
  }),
  column.count('userCount', T.userCount, { width: 80 }),
  column.time('createdAt', T.createdAt),
];

/** A role's data scope as the list says it: 全部门店, 本人授权门店, or the chosen groups by name. */
export function dataScopeText(row: Pick<RoleRow, 'dataScope' | 'shopGroups'>): string {
  return row.dataScope === 'groups'
    ? L.scope.groupsText(row.shopGroups.map((g) => g.name))
    : DATA_SCOPE_TEXT[row.dataScope];
}

/** 角色管理: roles with their holders; create, edit (with the permission tree) and delete. */
export function RolesPage() {
  const { listQuery, list } = useHeadOfficeList(rolesUrlShape, {
    key: roleKeys.page,
    endpoint: roleEndpoints.list,
    filters: (query) => ({ keyword: query.keyword || undefined }),
  });
  const tree = useQuery({
    queryKey: roleKeys.tree,
    queryFn: ({ signal }) => call(roleEndpoints.menuTree, {}, { signal }),
    staleTime: 60_000,
  });
  const [dialog, setDialog] = useState<RoleDialogState | null>(null);
  const refresh = useRefresh(roleKeys.page);

  const rowActions: RowAction<RoleRow>[] = [
    {
      key: 'edit',
      label: L.edit,
      permission: ['roles:edit'],
      allowed: (row) => row.editable,
      onClick: (row) => setDialog({ mode: 'edit', role: row }),
    },
    {
      key: 'delete',
      label: L.delete,
      danger: true,
      permission: ['roles:del'],
      allowed: (row) => row.editable && row.permission !== 'admin',
      confirm: (row) => L.deleteConfirm(row.name),
      onClick: async (row) => {
        await call(roleEndpoints.remove, {}, { pathParams: { id: row.id } });
        notify.success(L.deleted);
        refresh();
      },
    },
  ];

  return (
    <>
      <ListPage
        title={L.title}
        name="roles"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        add={{ label: L.add, permission: ['roles:add'], onClick: () => setDialog({ mode: 'add' }) }}
        filters={<KeywordFilters listQuery={listQuery} name="roles" placeholder={L.keyword} />}
        rowActions={rowActions}
      />
      <RoleDialog
        key={dialog?.mode === 'edit' ? dialog.role.id : 'add'}
        state={dialog}
        tree={tree.data ?? []}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
    </>
  );
}
