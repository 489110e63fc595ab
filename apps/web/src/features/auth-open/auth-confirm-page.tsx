import {
  AUTH_OPEN_STATUSES,
  authOpenEndpoints,
  type AuthOpenRecord,
  type AuthOpenStatus,
  type ConfirmOrRefuseBody,
} from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { column, type ListColumn } from '../../components/list/columns';
import { ListPage, statusOptionsOf } from '../../components/list/list-page';
import type { RowAction } from '../../components/list/row-actions';
import { useListData } from '../../components/list/use-list-data';
import { statusFilterOf, useListQuery } from '../../components/list/use-list-query';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { AUTH_OPEN_LABELS } from './labels';
import { recordsRequestOf, recordsUrlShape } from './records-query';
import { useRefresh } from '../../lib/use-refresh';

const L = AUTH_OPEN_LABELS.records;
const RECORDS_KEY = ['auth-open', 'records'] as const;
const STATUS_COLOR: Record<AuthOpenStatus, string> = {
  pending: 'processing',
  confirmed: 'success',
  refused: 'default',
};
const STATUS_OPTIONS = statusOptionsOf(AUTH_OPEN_STATUSES, AUTH_OPEN_LABELS.status);

const storeText = (record: AuthOpenRecord) => `${record.shopName}（${record.shopCode}）`;

const COLUMNS: ListColumn<AuthOpenRecord>[] = [
  column.key('shopName', L.store, () => null, { width: 200, sub: (record) => record.shopCode }),
  { key: 'roleName', title: L.role, dataIndex: 'roleName', width: 110, render: (name) => name ?? L.noRole },
  column.person('openedByName', L.openedBy, { width: 110 }),
  column.time('createdAt', L.createdAt),
  column.remark('remark', L.remark),
  column.status('status', L.status, AUTH_OPEN_LABELS.status, STATUS_COLOR, { width: 90 }),
  column.time('decidedAt', L.decidedAt, { hiddenByDefault: true }),
];

/** 我的授权: the stores head office opened for me, to confirm or refuse; status and page in the URL. */
export function AuthConfirmPage() {
  const listQuery = useListQuery(recordsUrlShape);
  const refresh = useRefresh(RECORDS_KEY);
  const list = useListData({
    key: RECORDS_KEY,
    endpoint: authOpenEndpoints.queryByUser,
    request: recordsRequestOf(listQuery.query),
  });
  const decide = useMutation({
    mutationFn: (body: ConfirmOrRefuseBody) => call(authOpenEndpoints.confirmOrRefuse, body),
    onSuccess: (record) => {
      notify.success(record.status === 'confirmed' ? L.confirmed : L.refused);
      refresh();
    },
  });
  // A pending record can be answered once: its buttons go while the answer is on its way.
  const open = (record: AuthOpenRecord) =>
    record.status === 'pending' && !(decide.isPending && decide.variables.id === record.id);
  const actions: RowAction<AuthOpenRecord>[] = [
    {
      key: 'confirm',
      label: L.confirm,
      allowed: open,
      onClick: (record) => decide.mutate({ id: record.id, action: 'confirm' }),
    },
    {
      key: 'refuse',
      label: L.refuse,
      danger: true,
      allowed: open,
      confirm: (record) => ({ content: L.refuseContent(storeText(record)) }),
      onClick: (record) => decide.mutate({ id: record.id, action: 'refuse' }),
    },
  ];

  return (
    <ListPage
      title={AUTH_OPEN_LABELS.confirmTitle}
      name="auth-confirm"
      list={list}
      paging={listQuery}
      columns={COLUMNS}
      rowKey="id"
      empty={{ description: L.empty }}
      statusFilter={statusFilterOf(listQuery, STATUS_OPTIONS)}
      rowActions={actions}
    />
  );
}
