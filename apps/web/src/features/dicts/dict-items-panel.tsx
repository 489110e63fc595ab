import { dictEndpoints, type DictItemRow, type DictTypeRow } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Grid, Table, Tag } from 'antd';
import {
  RowActionButtons,
  RowActionMenu,
  visibleRowActions,
  type RowAction,
} from '../../components/list/row-actions';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useHasPermission } from '../../components/permission';
import { COMMON_LABELS } from '../../components/labels';
import { call, isApiError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { useSessionStore } from '../../stores/session-store';
import { dictKeys } from './dict-keys';
import { DictItemDialog } from './dict-item-dialog';
import { DICT_LABELS } from './labels';
import { ENABLED_TEXT, enabledColumn } from '../../components/enabled-status';

const L = DICT_LABELS;
const T = L.items;

type Props = { type: DictTypeRow | null; onChanged(): void };

/** The chosen dictionary's items (every one, disabled too, in select order) and what may be done to them. */
export function DictItemsPanel({ type, onChanged }: Props) {
  if (!type)
    return (
      <Card data-testid="dict-items-choose">
        <Empty description={T.chooseType} />
      </Card>
    );
  return <ItemsOf key={type.id} type={type} onChanged={onChanged} />;
}

function ItemsOf({ type, onChanged }: { type: DictTypeRow; onChanged(): void }) {
  const items = useQuery({
    queryKey: dictKeys.items(type.id),
    queryFn: ({ signal }) =>
      call(dictEndpoints.items, { typeId: type.id }, { signal, flags: { silent: true } }),
  });
  const [dialog, setDialog] = useState<{ editing: DictItemRow | null } | null>(null);
  const canAdd = useHasPermission(['dict:add']);
  const roles = useSessionStore((state) => state.roles);
  const phone = Grid.useBreakpoint().xs === true;

  const changed = (text: string) => {
    notify.success(text);
    onChanged();
  };
  const actions: RowAction<DictItemRow>[] = [
    {
      key: 'edit',
      label: T.edit,
      permission: ['dict:edit'],
      onClick: (item) => setDialog({ editing: item }),
    },
    {
      key: 'enable',
      label: T.enable,
      permission: ['dict:edit'],
      allowed: (item) => !item.enabled,
      onClick: async (item) => {
        await call(dictEndpoints.setItemEnabled, { id: item.id, enabled: true });
        changed(T.enabled);
      },
    },
    {
      key: 'disable',
      label: T.disable,
      permission: ['dict:edit'],
      allowed: (item) => item.enabled,
      confirm: (item) => ({ content: T.disableConfirm(item.label) }),
      onClick: async (item) => {
        await call(dictEndpoints.setItemEnabled, { id: item.id, enabled: false });
        changed(T.disabled);
      },
    },
    {
      key: 'delete',
      label: T.delete,
      danger: true,
      permission: ['dict:del'],
      allowed: (item) => !item.builtin,
      confirm: (item) => ({ content: T.deleteConfirm(item.label) }),
      onClick: async (item) => {
        await call(dictEndpoints.deleteItem, { id: item.id });
        changed(T.deleted);
      },
    },
  ];

  const columns: ColumnsType<DictItemRow> = [
    // On a phone the label, its state and the 操作 menu; the value shows in the edit dialog.
    {
      key: 'label',
      title: L.fields.label,
      dataIndex: 'label',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      key: 'value',
      title: L.fields.value,
      dataIndex: 'value',
      render: (value: string) => <code>{value}</code>,
      responsive: ['sm'],
    },
    { key: 'sort', title: L.fields.sort, dataIndex: 'sort', width: 64, align: 'right', responsive: ['xxl'] },
    enabledColumn(L.fields.enabled, 'dict-item-status'),
    {
      key: 'actions',
      title: L.actions,
      width: phone ? 90 : 150,
      render: (_, item) => {
        const shown = visibleRowActions(actions, item, roles);
        return phone ? (
          <RowActionMenu actions={shown} row={item} />
        ) : (
          <RowActionButtons actions={shown} row={item} />
        );
      },
    },
  ];

  return (
    <Card
      data-testid="dict-items-panel"
      title={
        <span>
          {T.title(type.name)} <Tag>{type.code}</Tag>
          {!type.enabled && <Tag>{ENABLED_TEXT.false}</Tag>}
        </span>
      }
      extra={
        canAdd && (
          <Button type="primary" data-testid="dict-item-add" onClick={() => setDialog({ editing: null })}>
            {T.add}
          </Button>
        )
      }
    >
      {items.isError ? (
        <Alert
          type="error"
          showIcon
          title={isApiError(items.error) ? items.error.message : T.loadFailed}
          action={
            <Button size="small" onClick={() => void items.refetch()}>
              {COMMON_LABELS.retry}
            </Button>
          }
        />
      ) : (
        <Table<DictItemRow>
          data-testid="dict-items-table"
          rowKey="id"
          size="middle"
          loading={items.isLoading}
          columns={columns}
          dataSource={items.data?.list ?? []}
          pagination={false}
          // On a phone the columns share the width (the 操作 menu stays in view) instead of scrolling sideways.
          scroll={phone ? undefined : { x: 'max-content' }}
          locale={{ emptyText: <Empty description={T.empty} /> }}
        />
      )}
      <DictItemDialog
        type={type}
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={onChanged}
      />
    </Card>
  );
}
