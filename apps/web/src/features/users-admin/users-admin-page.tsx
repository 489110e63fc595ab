import {
  USER_ADMIN_PERMISSIONS as P,
  userAdminEndpoints,
  type UserFilters,
  type UserRow,
} from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { COMMON_LABELS } from '../../components/labels';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import listStyles from '../../components/list/list.module.css';
import type { RowAction } from '../../components/list/row-actions';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { USERS_ADMIN_LABELS } from './labels';
import styles from './users-admin.module.css';
import { OneTimePasswordDialog, type IssuedPassword } from './one-time-password-dialog';
import { userAdminKeys } from './user-admin-keys';
import { UserFormDialog, type UserFormTarget } from './user-form-dialog';
import { useRefresh } from '../../lib/use-refresh';

const L = USERS_ADMIN_LABELS;
const T = L.columns;
const STATES = ['enabled', 'disabled'] as const;

/** The list's URL: each parameter checked on its own (a bad one is no filter). */
export const usersUrlShape = {
  keyword: urlField.keyword(50),
  dept: urlField.id(),
  role: urlField.id(),
  shop: urlField.keyword(32),
  state: urlField.oneOf(STATES),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};
type UsersQuery = UrlQuery<typeof usersUrlShape>;

/** The URL's query → the contract's filters (a filter that is off stays out of the request). */
export function usersFiltersOf(query: UsersQuery): UserFilters {
  return {
    keyword: query.keyword || undefined,
    deptId: query.dept,
    roleId: query.role,
    shopCode: query.shop || undefined,
    enabled: query.state === undefined ? undefined : query.state === 'enabled',
  };
}

const COLUMNS: ListColumn<UserRow>[] = [
  column.key('nickName', T.nickName, () => null, { width: 130, sub: (row) => row.username }),
  column.text('workCode', T.workCode, { width: 100 }),
  column.text('phoneMasked', T.phoneMasked, { width: 120 }),
  column.text('deptName', T.deptName, { width: 110 }),
  {
    key: 'roles',
    title: T.roles,
    width: 150,
    render: (_, row) => row.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>),
  },
  {
    key: 'storeCount',
    title: T.storeCount,
    width: 160,
    render: (_, row) =>
      row.storeCount === 0 ? (
        COMMON_LABELS.none
      ) : (
        <>
          {L.stores(row.storeCount)}
          <div className={listStyles.sub}>{row.storeNames.join('、')}</div>
        </>
      ),
  },
  {
    key: 'enabled',
    title: T.enabled,
    width: 120,
    render: (_, row) => (
      <>
        <Tag color={row.enabled ? 'green' : 'default'} data-testid="user-state">
          {row.enabled ? L.enabled : L.disabled}
        </Tag>
        {row.mustChangePassword ? <Tag color="orange">{L.mustChange}</Tag> : null}
      </>
    ),
  },
  column.time('createdAt', T.createdAt, { hiddenByDefault: true }),
];

/** 用户管理 (head office): users by keyword, department, role, store and state; create, edit, enable, reset. */
export function UsersAdminPage() {
  const { listQuery, list } = useHeadOfficeList(usersUrlShape, {
    key: userAdminKeys.page,
    endpoint: userAdminEndpoints.page,
    filters: usersFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const options = useQuery({
    queryKey: userAdminKeys.options,
    queryFn: ({ signal }) => call(userAdminEndpoints.formOptions, {}, { signal }),
    staleTime: 60_000,
  });
  const [form, setForm] = useState<UserFormTarget | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const refresh = useRefresh(userAdminKeys.page);

  const setEnabled = useMutation({
    mutationFn: ({ row, enabled }: { row: UserRow; enabled: boolean }) =>
      call(userAdminEndpoints.setEnabled, { id: row.id, enabled }),
    onSuccess: (user) => {
      notify.success(user.enabled ? L.done.enabled : L.done.disabled);
      refresh();
    },
  });
  const reset = useMutation({
    mutationFn: (row: UserRow) => call(userAdminEndpoints.resetPassword, { id: row.id }),
    onSuccess: (answer, row) => {
      setIssued({ name: row.nickName, password: answer.oneTimePassword, reason: 'reset' });
      refresh();
    },
  });

  const rowActions: RowAction<UserRow>[] = [
    {
      key: 'edit',
      label: L.edit,
      permission: [P.edit],
      allowed: (row) => row.manageable,
      onClick: (row) => setForm({ mode: 'edit', id: row.id }),
    },
    {
      key: 'disable',
      label: L.disable,
      danger: true,
      permission: [P.enable],
      allowed: (row) => row.manageable && row.enabled,
      confirm: (row) => L.confirm.disable(row.nickName),
      onClick: (row) => setEnabled.mutateAsync({ row, enabled: false }),
    },
    {
      key: 'enable',
      label: L.enable,
      permission: [P.enable],
      allowed: (row) => row.manageable && !row.enabled,
      confirm: (row) => L.confirm.enable(row.nickName),
      onClick: (row) => setEnabled.mutateAsync({ row, enabled: true }),
    },
    {
      key: 'reset-password',
      label: L.resetPassword,
      danger: true,
      permission: [P.resetPassword],
      allowed: (row) => row.manageable,
      confirm: (row) => L.confirm.resetPassword(row.nickName),
      onClick: (row) => reset.mutateAsync(row),
    },
  ];

  return (
    <>
      <ListPage
        title={L.title}
        name="users"
        testId="users-admin-page"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        add={{ label: L.add, permission: [P.add], onClick: () => setForm({ mode: 'create' }) }}
        filters={
          <>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              className={styles.filter}
              placeholder={L.filters.department}
              value={query.dept}
              options={(options.data?.departments ?? []).map((d) => ({ value: d.id, label: d.name }))}
              onChange={(dept?: number) => setQuery({ dept })}
              data-testid="users-dept"
            />
            <Select
              allowClear
              className={styles.filter}
              placeholder={L.filters.role}
              value={query.role}
              options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(role?: number) => setQuery({ role })}
              data-testid="users-role"
            />
            <Select
              allowClear
              className={styles.filter}
              placeholder={L.filters.state}
              value={query.state}
              options={STATES.map((state) => ({
                value: state,
                label: state === 'enabled' ? L.enabled : L.disabled,
              }))}
              onChange={(state?: (typeof STATES)[number]) => setQuery({ state })}
              data-testid="users-state"
            />
            <Input.Search
              allowClear
              className={styles.filter}
              maxLength={32}
              placeholder={L.filters.shopCode}
              key={`shop-${query.shop}`}
              defaultValue={query.shop}
              onSearch={(value) => setQuery({ shop: value.trim() })}
              data-testid="users-shop"
            />
            <Input.Search
              allowClear
              className={listStyles.keyword}
              maxLength={listQuery.keywordMax}
              placeholder={L.filters.keyword}
              key={`keyword-${query.keyword}`}
              defaultValue={query.keyword}
              onSearch={(value) => setQuery({ keyword: value.trim() })}
              data-testid="users-keyword"
            />
            <Button onClick={listQuery.reset}>{COMMON_LABELS.reset}</Button>
          </>
        }
        rowActions={rowActions}
      />
      <UserFormDialog
        target={form}
        options={options.data}
        onClose={() => setForm(null)}
        onSaved={refresh}
        onCreated={(name, password) => setIssued({ name, password, reason: 'created' })}
      />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
