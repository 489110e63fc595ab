import {
  SHOP_GROUP_NAME_MAX,
  SHOP_GROUP_SORT_MAX,
  STORE_ADMIN_PERMISSIONS as P,
  storeAdminEndpoints,
  type ShopGroupRow,
} from '@console/contract';
import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { SortField, TextField } from '../../components/form-dialog/form-fields';
import { column, type ListColumn } from '../../components/list/columns';
import { KeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { urlField } from '../../components/list/list-query';
import type { RowAction } from '../../components/list/row-actions';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { call } from '../../lib/http';
import { STORES_ADMIN_LABELS } from './labels';
import { useRowMutation } from './use-row-mutation';
import { storesAdminKeys } from './stores-admin-keys';
import { useRefresh } from '../../lib/use-refresh';

const L = STORES_ADMIN_LABELS.groups;

export const groupsUrlShape = {
  keyword: urlField.keyword(SHOP_GROUP_NAME_MAX),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};

const COLUMNS: ListColumn<ShopGroupRow>[] = [
  column.key('frontTitle', L.name, () => null, { width: 160 }),
  column.count('sort', L.sort),
  column.count('storeCount', L.storeCount),
  column.count('openCount', L.openCount),
  column.time('createdAt', L.createdAt),
];

type Editing = { mode: 'add' } | { mode: 'edit'; group: ShopGroupRow };

/** 门店分组 (head office): groups in sort order with their store counts; add, rename, re-sort, delete empty ones. */
export function ShopGroupsPage() {
  const { listQuery, list } = useHeadOfficeList(groupsUrlShape, {
    key: storesAdminKeys.groups,
    endpoint: storeAdminEndpoints.groupPage,
    filters: (query) => ({ keyword: query.keyword || undefined }),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const refresh = useRefresh(storesAdminKeys.groups, storesAdminKeys.groupOptions);
  const remove = useRowMutation(
    (row: ShopGroupRow) => call(storeAdminEndpoints.groupDelete, { id: row.id }),
    L.deleted,
    refresh,
  );
  const rowActions: RowAction<ShopGroupRow>[] = [
    {
      key: 'edit',
      label: L.edit,
      permission: [P.groupEdit],
      onClick: (group) => setEditing({ mode: 'edit', group }),
    },
    {
      key: 'delete',
      label: L.delete,
      danger: true,
      permission: [P.groupDelete],
      // A group with stores cannot be deleted (the server answers 409 naming the count).
      allowed: (row) => row.storeCount === 0,
      confirm: (row) => ({ content: L.deleteConfirm(row.frontTitle) }),
      onClick: (row) => remove.mutateAsync(row),
    },
  ];
  const group = editing?.mode === 'edit' ? editing.group : null;

  return (
    <>
      <ListPage
        title={L.title}
        name="shop-groups"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        add={{ label: L.add, permission: [P.groupAdd], onClick: () => setEditing({ mode: 'add' }) }}
        filters={<KeywordFilters listQuery={listQuery} name="shop-groups" placeholder={L.keyword} />}
        rowActions={rowActions}
      />
      <FormDialog<{ frontTitle: string; sort: number }>
        open={editing !== null}
        title={group ? L.dialog.edit : L.dialog.add}
        doneText={group ? L.saved : L.created}
        testId="shop-group-dialog"
        onClose={() => setEditing(null)}
        onDone={refresh}
        initialValues={group ?? { frontTitle: '', sort: 0 }}
        submit={async ({ frontTitle, sort }) => {
          const body = { frontTitle: frontTitle.trim(), sort: sort ?? 0 };
          if (group)
            await call(
              storeAdminEndpoints.groupUpdate,
              { id: group.id, ...body },
              { flags: { silent: true } },
            );
          else await call(storeAdminEndpoints.groupCreate, body, { flags: { silent: true } });
        }}
      >
        <TextField
          name="frontTitle"
          label={L.name}
          required={L.nameRequired}
          max={SHOP_GROUP_NAME_MAX}
          testId="shop-group-name"
        />
        <SortField label={L.sort} max={SHOP_GROUP_SORT_MAX} testId="shop-group-sort" />
      </FormDialog>
    </>
  );
}
