import {
  STORE_ADMIN_COLUMN_TITLES as T,
  STORE_ADMIN_PERMISSIONS as P,
  STORE_STATUSES,
  STORE_STATUS_TEXT,
  storeAdminEndpoints,
  type StoreAdminFilters,
  type StoreAdminRow,
} from '@console/contract';
import { Cascader } from 'antd';
import { useState } from 'react';
import { areaPathDisplay, type AreaOption } from '../../components/address/area-options';
import { useAreaOptions } from '../../components/address/use-area-options';
import { column, type ListColumn } from '../../components/list/columns';
import { KeywordFilters } from '../../components/list/list-filters';
import { ListPage } from '../../components/list/list-page';
import { urlField, type UrlQuery } from '../../components/list/list-query';
import listStyles from '../../components/list/list.module.css';
import type { RowAction } from '../../components/list/row-actions';
import { statusOptionsOf } from '../../components/list/status-options';
import { useHeadOfficeList } from '../../components/list/use-head-office-list';
import { statusFilterOf } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { CloseStoreDialog } from './close-store-dialog';
import { STORES_ADMIN_LABELS } from './labels';
import { StoreFormDialog, type StoreFormTarget } from './store-form-dialog';
import { useRowMutation } from './use-row-mutation';
import { RemoteSelect } from '../../components/remote-select';
import { shopGroupChoices } from '../../lib/shop-group-choices';
import { storesAdminKeys } from './stores-admin-keys';
import { useRefresh } from '../../lib/use-refresh';

const L = STORES_ADMIN_LABELS;

/** The list's URL: each parameter checked on its own (a bad one is no filter). */
export const storesUrlShape = {
  status: urlField.oneOfOr(['all', ...STORE_STATUSES], 'all'),
  group: urlField.id(),
  area: urlField.keyword(6),
  keyword: urlField.keyword(32),
  pageNum: urlField.pageNum(),
  pageSize: urlField.pageSize([10, 20, 50, 100], 20),
};
type StoresQuery = UrlQuery<typeof storesUrlShape>;

/** The URL's query → the contract's filters (a filter that is off stays out of the request). */
export function storesFiltersOf(query: StoresQuery): StoreAdminFilters {
  return {
    keyword: query.keyword || undefined,
    shopGroupId: query.group,
    areaCode: /^\d{6}$/.test(query.area) ? query.area : undefined,
    status: query.status === 'all' ? undefined : query.status,
  };
}

/** A province, city or county code → the cascader's path to it. */
export function areaPathOfCode(code: string): string[] {
  if (!/^\d{6}$/.test(code)) return [];
  const province = `${code.slice(0, 2)}0000`;
  const city = `${code.slice(0, 4)}00`;
  return [province, city, code].filter((c, i, all) => all.indexOf(c) === i);
}

const STATUS_COLORS = { open: 'green', closed: 'default' };
const COLUMNS: ListColumn<StoreAdminRow>[] = [
  column.key('shopName', T.shopName, () => null, { width: 160, sub: (row) => row.businessScopeName }),
  column.text('shopCode', T.shopCode, { width: 120 }),
  column.text('groupName', T.groupName, { width: 110 }),
  column.area('regionName', T.regionName, { width: 150 }),
  column.remark('shopDetailAddress', T.shopDetailAddress),
  column.phone('shopPhone', T.shopPhone, { hiddenByDefault: true }),
  column.status('status', T.status, STORE_STATUS_TEXT, STATUS_COLORS, { testId: 'store-status' }),
  column.time('createdAt', T.createdAt, { hiddenByDefault: true }),
];

/** 门店管理 (head office): stores by status, group, area and name or code; open, edit, close and reopen. */
export function StoresAdminPage() {
  const { listQuery, list } = useHeadOfficeList(storesUrlShape, {
    key: storesAdminKeys.page,
    endpoint: storeAdminEndpoints.page,
    filters: storesFiltersOf,
  });
  const { query, setQuery } = listQuery;
  const areas = useAreaOptions(true, '');
  const [form, setForm] = useState<StoreFormTarget | null>(null);
  const [closing, setClosing] = useState<StoreAdminRow | null>(null);
  const refresh = useRefresh(storesAdminKeys.page);

  const reopen = useRowMutation(
    (row: StoreAdminRow) => call(storeAdminEndpoints.editStatus, { id: row.id, status: 'open' }),
    L.reopened,
    refresh,
  );

  const rowActions: RowAction<StoreAdminRow>[] = [
    {
      key: 'edit',
      label: L.edit,
      permission: [P.edit],
      onClick: (row) => setForm({ mode: 'edit', store: row }),
    },
    {
      key: 'close',
      label: L.close,
      permission: [P.status],
      allowed: (row) => row.status === 'open',
      onClick: (row) => setClosing(row),
    },
    {
      key: 'reopen',
      label: L.reopen,
      permission: [P.status],
      allowed: (row) => row.status === 'closed',
      confirm: (row) => ({ content: L.reopenConfirm(row.shopName) }),
      onClick: (row) => reopen.mutateAsync(row),
    },
  ];

  return (
    <>
      <ListPage
        title={L.title}
        name="stores-admin"
        list={list}
        columns={COLUMNS}
        rowKey="id"
        empty={{ description: L.empty }}
        statusFilter={statusFilterOf(listQuery, statusOptionsOf(STORE_STATUSES, STORE_STATUS_TEXT))}
        add={{ label: L.add, permission: [P.add], onClick: () => setForm({ mode: 'add' }) }}
        filters={
          <KeywordFilters listQuery={listQuery} name="stores" placeholder={L.filters.keyword}>
            <RemoteSelect
              {...shopGroupChoices}
              allowClear
              className={listStyles.keyword}
              placeholder={L.filters.group}
              value={query.group}
              onChange={(group) => setQuery({ group })}
              testId="stores-group"
            />
            <Cascader<AreaOption>
              changeOnSelect
              className={listStyles.keyword}
              placeholder={L.filters.area}
              options={areas.options}
              displayRender={areaPathDisplay}
              loadData={(selected) => void areas.loadData(selected)}
              value={areaPathOfCode(query.area)}
              onChange={(path) => setQuery({ area: (path ?? []).at(-1) ?? '' })}
              data-testid="stores-area"
            />
          </KeywordFilters>
        }
        rowActions={rowActions}
      />
      <StoreFormDialog target={form} onClose={() => setForm(null)} onSaved={refresh} />
      <CloseStoreDialog store={closing} onClose={() => setClosing(null)} onClosed={refresh} />
    </>
  );
}
